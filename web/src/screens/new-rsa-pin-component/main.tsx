import { startPage } from '../../page/start-page';
import { NewPinScreen } from './NewPinScreen';

void startPage(NewPinScreen, 'new-rsa-pin-component');
