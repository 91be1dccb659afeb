import { startPage } from '../../page/start-page';
import { SignInScreen } from './SignInScreen';

void startPage(SignInScreen, 'login-signin-component');
