import type { Translation } from '../types';
import accountsZhCN from './accounts';
import apiDetailZhCN from './apiDetail';
import callbackResultsZhCN from './callbackResults';
import commonZhCN from './common';
import depositsZhCN from './deposits';
import layoutZhCN from './layout';
import loginZhCN from './login';
import listZhCN from './list';
import logsZhCN from './logs';
import personalZhCN from './personal';
import systemZhCN from './system';
import tokenZhCN from './token';
import withdrawalsZhCN from './withdrawals';
import homeZhCN from './home';
import reportsZhCN from './reports';
import collectZhCN from './collect';
import pointsZhCN from './points';
import serviceZhCN from './service';
import energyZhCN from './energy';
import tradeZhCN from './trade';
import exchangeZhCN from './exchange';

// Every area of English's table, each file typed against the English one.
const zhCN: Translation = {
  ...commonZhCN,
  ...loginZhCN,
  ...layoutZhCN,
  ...personalZhCN,
  ...logsZhCN,
  ...listZhCN,
  ...accountsZhCN,
  ...tokenZhCN,
  ...depositsZhCN,
  ...withdrawalsZhCN,
  ...apiDetailZhCN,
  ...systemZhCN,
  ...callbackResultsZhCN,
  ...homeZhCN,
  ...reportsZhCN,
  ...collectZhCN,
  ...pointsZhCN,
  ...serviceZhCN,
  ...energyZhCN,
  ...tradeZhCN,
  ...exchangeZhCN,
};

export default zhCN;
