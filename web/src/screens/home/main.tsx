import { startPage } from '../../page/start-page';
import { HomeScreen } from './HomeScreen';

void startPage(HomeScreen, 'home');
