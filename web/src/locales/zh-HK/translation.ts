import type { Translation } from '../types';
import accountsZhHK from './accounts';
import apiDetailZhHK from './apiDetail';
import callbackResultsZhHK from './callbackResults';
import commonZhHK from './common';
import depositsZhHK from './deposits';
import layoutZhHK from './layout';
import loginZhHK from './login';
import listZhHK from './list';
import logsZhHK from './logs';
import personalZhHK from './personal';
import systemZhHK from './system';
import tokenZhHK from './token';
import withdrawalsZhHK from './withdrawals';
import homeZhHK from './home';
import reportsZhHK from './reports';
import collectZhHK from './collect';
import pointsZhHK from './points';
import serviceZhHK from './service';
import energyZhHK from './energy';
import tradeZhHK from './trade';
import exchangeZhHK from './exchange';

// Every area of English's table, each file typed against the English one.
const zhHK: Translation = {
  ...commonZhHK,
  ...loginZhHK,
  ...layoutZhHK,
  ...personalZhHK,
  ...logsZhHK,
  ...listZhHK,
  ...accountsZhHK,
  ...tokenZhHK,
  ...depositsZhHK,
  ...withdrawalsZhHK,
  ...apiDetailZhHK,
  ...systemZhHK,
  ...callbackResultsZhHK,
  ...homeZhHK,
  ...reportsZhHK,
  ...collectZhHK,
  ...pointsZhHK,
  ...serviceZhHK,
  ...energyZhHK,
  ...tradeZhHK,
  ...exchangeZhHK,
};

export default zhHK;
