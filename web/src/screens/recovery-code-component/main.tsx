import { startPage } from '../../page/start-page';
import { RecoveryCodeScreen } from './RecoveryCodeScreen';

void startPage(RecoveryCodeScreen, 'recovery-code-component');
