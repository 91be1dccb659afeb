import { startPage } from '../../page/start-page';
import { NextTokenScreen } from './NextTokenScreen';

void startPage(NextTokenScreen, 'next-token-component');
