import { startPage } from '../../page/start-page';
import { NewPinScreen } from './NewPinScreen';

void startPage(NewPinScreen, { titleKey: 'page.title.new-rsa-pin-component' });
