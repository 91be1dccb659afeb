import { startPage } from '../../page/start-page';
import { LogoutScreen } from './LogoutScreen';

void startPage(LogoutScreen, { titleKey: 'page.title.logout-component' });
