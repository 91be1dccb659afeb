import { startPage } from '../../page/start-page';
import { ChangePasswordScreen } from './ChangePasswordScreen';

void startPage(ChangePasswordScreen, { titleKey: 'page.title.change-password-component' });
