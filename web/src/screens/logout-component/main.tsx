import { startPage } from '../../page/start-page';
import { LogoutScreen } from './LogoutScreen';

void startPage(LogoutScreen, 'logout-component');
