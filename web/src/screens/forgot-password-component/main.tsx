import { startPage } from '../../page/start-page';
import { ForgotPasswordScreen } from './ForgotPasswordScreen';

void startPage(ForgotPasswordScreen, { titleKey: 'page.title.forgot-password-component' });
