import { startPage } from '../../page/start-page';
import { NotFoundScreen } from './NotFoundScreen';

void startPage(NotFoundScreen, { titleKey: 'page.title.not-found' });
