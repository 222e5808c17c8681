import type { TranslationOf } from '../types';
import type exchange from '../en/exchange';

const exchangeZhHK: TranslationOf<typeof exchange> = {
  trade_tab_orders: '訂單',
  exchange_orders: '兌換訂單',
  exchange_orders_tip:
    '終端用戶把轉入代幣付到其兌換地址，由交易對的出款錢包在同一條鏈上付出轉出代幣。不符合交易對規則的付款，按交易對的設定退款或轉人工審核。',
  exchange_orders_purpose: '業務訂單：哪個交易對、按甚麼匯率轉入和轉出多少，以及您的伺服器是否收到回調。',
  exchange_no_access: '您的角色無權查看兌換訂單（代幣 › 交易）。',
  summary_exchanges: '兌換筆數：{{count}}',
  exchange_all_pairs: '全部交易對',

  exchange_out_not_paid: '尚未出款：按匯率算出的數量',
  exchange_repriced: '已重新定價',
  exchange_repriced_tip: '付款遲到：已在交易對的容差內按新價格定價。',
  exchange_pay_address: '兌換地址',
  exchange_payer: '付款地址',
  exchange_in_hash: '付款哈希',
  exchange_out_hash: '出款 / 退款哈希',
  exchange_quoted_in: '報價轉入',
  exchange_min_out: '最少轉出',
  exchange_market_rate: '市場匯率',
  exchange_price_time: '價格讀取時間',
  exchange_pay_by: '付款截止',

  exchange_leg_payment: '付款（轉入）',
  exchange_leg_payout: '出款',
  exchange_leg_refund: '退款',
  exchange_leg_order_no: '記錄編號',
  exchange_refund_address: '退回地址',
  exchange_no_payment: '尚未收到付款。',
  exchange_no_payout: '尚未出款。',

  exchange_pay_out: '按當前價格出款',
  exchange_refund: '退款',
  exchange_pay_out_confirm: '按當前價格為 {{orderNo}} 出款？',
  exchange_pay_out_tip: '現在讀取交易對的價格（絕不使用舊價格），並從出款錢包付出按此價格算出的 {{symbol}}。',
  exchange_refund_confirm: '為 {{orderNo}} 退款？',
  exchange_refund_tip: '轉入的 {{symbol}} 將退回給付款地址。',
  exchange_decide_google_tip: '此操作會轉移資金：請輸入谷歌驗證碼。',
  exchange_paying_out: '正在按 {{rate}} 出款 {{amount}} {{symbol}}',
  exchange_refunding: '退款中：付款將退回給付款地址',
};

export default exchangeZhHK;
