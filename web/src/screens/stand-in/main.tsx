import { startPage } from '../../page/start-page';
import { StandInScreen } from './StandInScreen';

void startPage(StandInScreen, 'stand-in');
