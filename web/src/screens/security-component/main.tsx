import { startPage } from '../../page/start-page';
import { SecurityScreen } from './SecurityScreen';

void startPage(SecurityScreen, 'security-component');
