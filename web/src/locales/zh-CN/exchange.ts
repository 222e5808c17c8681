import type { TranslationOf } from '../types';
import type exchange from '../en/exchange';

const exchangeZhCN: TranslationOf<typeof exchange> = {
  trade_tab_orders: '订单',
  exchange_orders: '兑换订单',
  exchange_orders_tip:
    '终端用户把转入代币付到其兑换地址，由交易对的出款钱包在同一条链上付出转出代币。不符合交易对规则的付款，按交易对的设置退款或转人工审核。',
  exchange_orders_purpose: '业务订单：哪个交易对、按什么汇率转入和转出多少，以及您的服务器是否收到回调。',
  exchange_no_access: '您的角色无权查看兑换订单（代币 › 交易）。',
  summary_exchanges: '兑换笔数：{{count}}',
  exchange_all_pairs: '全部交易对',

  exchange_out_not_paid: '尚未出款：按汇率算出的数量',
  exchange_repriced: '已重新定价',
  exchange_repriced_tip: '付款迟到：已在交易对的容差内按新价格定价。',
  exchange_pay_address: '兑换地址',
  exchange_payer: '付款地址',
  exchange_in_hash: '付款哈希',
  exchange_out_hash: '出款 / 退款哈希',
  exchange_quoted_in: '报价转入',
  exchange_min_out: '最少转出',
  exchange_market_rate: '市场汇率',
  exchange_price_time: '价格读取时间',
  exchange_pay_by: '付款截止',

  exchange_leg_payment: '付款（转入）',
  exchange_leg_payout: '出款',
  exchange_leg_refund: '退款',
  exchange_leg_order_no: '记录编号',
  exchange_refund_address: '退回地址',
  exchange_no_payment: '尚未收到付款。',
  exchange_no_payout: '尚未出款。',

  exchange_pay_out: '按当前价格出款',
  exchange_refund: '退款',
  exchange_pay_out_confirm: '按当前价格为 {{orderNo}} 出款？',
  exchange_pay_out_tip: '现在读取交易对的价格（绝不使用旧价格），并从出款钱包付出按此价格算出的 {{symbol}}。',
  exchange_refund_confirm: '为 {{orderNo}} 退款？',
  exchange_refund_tip: '转入的 {{symbol}} 将退回给付款地址。',
  exchange_decide_google_tip: '此操作会转移资金：请输入谷歌验证码。',
  exchange_paying_out: '正在按 {{rate}} 出款 {{amount}} {{symbol}}',
  exchange_refunding: '退款中：付款将退回给付款地址',
};

export default exchangeZhCN;
