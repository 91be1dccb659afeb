import { startPage } from '../../page/start-page';
import { PasskeyOfferScreen } from './PasskeyOfferScreen';

void startPage(PasskeyOfferScreen, 'passkey-offer-component');
