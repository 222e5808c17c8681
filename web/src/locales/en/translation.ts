import accounts from './accounts';
import apiDetail from './apiDetail';
import callbackResults from './callbackResults';
import common from './common';
import deposits from './deposits';
import layout from './layout';
import login from './login';
import list from './list';
import logs from './logs';
import personal from './personal';
import system from './system';
import token from './token';
import withdrawals from './withdrawals';
import home from './home';
import reports from './reports';
import collect from './collect';
import points from './points';
import service from './service';
import energy from './energy';
import trade from './trade';
import exchange from './exchange';

// English is the fallback language and the source of the key types (../types.ts): every key
// exists here first. One namespace, composed from one file per area; a key lives in
// exactly one area (locales.test.ts).
const en = {
  ...common,
  ...login,
  ...layout,
  ...personal,
  ...logs,
  ...list,
  ...accounts,
  ...token,
  ...deposits,
  ...withdrawals,
  ...apiDetail,
  ...system,
  ...callbackResults,
  ...home,
  ...reports,
  ...collect,
  ...points,
  ...service,
  ...energy,
  ...trade,
  ...exchange,
};

export default en;

// Kept for call sites that import the key type from here; ../types.ts is its home.
export type { TranslationKey } from '../types';
