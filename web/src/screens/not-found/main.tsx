import { startPage } from '../../page/start-page';
import { NotFoundScreen } from './NotFoundScreen';

void startPage(NotFoundScreen, 'not-found');
