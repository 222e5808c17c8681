//! The catalogue: every message a caller can read and every error code, declared once.
//!
//! A row is `Key [= code Class] "wire_key" [English, zh-CN, zh-HK]`. A row with a code is an
//! error a client can branch on: [`ErrorCode::Key`] with that number and class (docs/api.md
//! lists every code; a test holds the two together). Texts quoted by the product spec are kept
//! exactly (English column). Numbers are grouped by thousands, one family each; a code never
//! changes meaning once released.

use super::declare::declare_messages;

declare_messages! {
    // 1 and 10xxx: the envelope and the protocol (HTTP-like numbers)
    Success = 1 Success "success" ["Success", "成功", "成功"],
    BadRequest = 10400 Request "bad_request" ["Malformed request", "请求格式错误", "請求格式錯誤"],
    Forbidden = 10403 Refusal "forbidden"
        ["You do not have permission for this action", "您没有执行此操作的权限", "您沒有執行此操作的權限"],
    NotFound = 10404 Request "not_found" ["No such API path", "接口路径不存在", "接口路徑不存在"],
    MethodNotAllowed = 10405 Request "method_not_allowed"
        ["This path does not accept that HTTP method", "此路径不支持该请求方法", "此路徑不支持該請求方法"],
    PayloadTooLarge = 10413 Request "payload_too_large" ["Request body too large", "请求体过大", "請求體過大"],
    UnsupportedMediaType = 10415 Request "unsupported_media_type" [
        "Send the body as JSON with content-type application/json",
        "请以 JSON 格式发送请求体（content-type: application/json）",
        "請以 JSON 格式發送請求體（content-type: application/json）",
    ],
    InvalidInput = 10422 Refusal "invalid_input" ["The request breaks a rule", "请求不符合规则", "請求不符合規則"],
    TooManyRequests = 10429 Retry "too_many_requests"
        ["Too many requests; try again later", "请求过于频繁，请稍后再试", "請求過於頻繁，請稍後再試"],
    Internal = 10500 Fault "internal_error"
        ["Something went wrong on our side; please try again", "服务器内部错误，请稍后重试", "伺服器內部錯誤，請稍後重試"],
    Unavailable = 10503 Fault "service_unavailable"
        ["Service temporarily unavailable; please try again", "服务暂时不可用，请稍后重试", "服務暫時不可用，請稍後重試"],
    SessionMissing = 10506 Auth "session_missing" ["Please sign in", "请先登录", "請先登錄"],
    SessionExpired = 10512 Auth "login_expired" ["Login authorization expired", "登录授权已过期", "登錄授權已過期"],
    // 11xxx: accounts, sign-in and the authenticator
    InvalidCredentials = 11001 Auth "invalid_credentials"
        ["Incorrect e-mail or password", "邮箱或密码错误", "郵箱或密碼錯誤"],
    InvalidCode = 11002 Auth "invalid_code"
        ["Verification code is incorrect or has expired", "验证码错误或已过期", "驗證碼錯誤或已過期"],
    AccountUnavailable = 11003 Refusal "account_unavailable"
        ["This account is not active; please contact support", "该账户未启用，请联系客服", "該賬戶未啟用，請聯繫客服"],
    PasswordMismatch = 11004 Refusal "old_password_incorrect"
        ["The current password is incorrect", "原密码错误", "原密碼錯誤"],
    EmailTaken = 11005 Refusal "email_taken" ["This e-mail is already registered", "该邮箱已注册", "該郵箱已註冊"],
    RegistrationPending = 11006 Refusal "registration_pending" [
        "Your registration was submitted; we will contact you within 1 working day",
        "您的注册信息已提交，我们将在 1 个工作日内与您联系",
        "您的註冊信息已提交，我們將在 1 個工作日內與您聯繫",
    ],
    AccountLocked = 11007 Retry "account_locked"
        ["Too many failed sign-ins; try again later", "登录失败次数过多，请稍后再试", "登錄失敗次數過多，請稍後再試"],
    GoogleNotBound = 11008 Refusal "bind_google_first"
        ["Please bind Google verification code first", "请先绑定谷歌验证码", "請先綁定谷歌驗證碼"],
    GoogleAlreadyBound = 11009 Refusal "google_already_bound"
        ["Google authenticator is already bound; unbind it first", "已绑定谷歌验证器，请先解绑", "已綁定谷歌驗證器，請先解綁"],
    ForbiddenSelf = 11010 Refusal "forbidden_self" [
        "You cannot remove your own access or the merchant's last administrator",
        "不能移除自己的权限或商户的最后一个管理员",
        "不能移除自己的權限或商戶的最後一個管理員",
    ],
    RoleInUse = 11011 Refusal "role_in_use"
        ["This role is protected or still assigned to users", "该角色受保护或仍有用户使用", "該角色受保護或仍有用戶使用"],
    GoogleLocked = 11012 Retry "google_locked" [
        "Too many wrong Google authenticator codes; try again later",
        "谷歌验证码错误次数过多，请稍后再试",
        "谷歌驗證碼錯誤次數過多，請稍後再試",
    ],
    ResetProofInvalid = 11013 Refusal "reset_proof_invalid" [
        "The e-mail code check has expired or was already used; enter the code again",
        "邮箱验证码校验已过期或已使用，请重新输入验证码",
        "郵箱驗證碼校驗已過期或已使用，請重新輸入驗證碼",
    ],
    // 12xxx: configuration
    ConfigKeysEmpty = 12001 Request "config_keys_empty"
        ["At least one configuration key is required", "至少需要一个配置键", "至少需要一個配置鍵"],
    // 13xxx: the merchant API refused to authenticate the call
    ApiKeyInvalid = 13001 Auth "api_key_invalid"
        ["Missing or unknown API key (X-Api-Key)", "API 密钥缺失或无效（X-Api-Key）", "API 密鑰缺失或無效（X-Api-Key）"],
    SignatureInvalid = 13002 Auth "signature_invalid"
        ["Missing or invalid signature (X-Signature)", "签名缺失或无效（X-Signature）", "簽名缺失或無效（X-Signature）"],
    TimestampOutOfWindow = 13003 Auth "timestamp_out_of_window" [
        "Missing timestamp, or more than 5 minutes from the server's time (X-Timestamp, milliseconds)",
        "时间戳缺失或与服务器时间相差超过 5 分钟（X-Timestamp，毫秒）",
        "時間戳缺失或與伺服器時間相差超過 5 分鐘（X-Timestamp，毫秒）",
    ],
    NonceReused = 13004 Auth "nonce_reused"
        ["This nonce was already used (X-Nonce)", "该随机数已被使用（X-Nonce）", "該隨機數已被使用（X-Nonce）"],
    IpNotAllowed = 13005 Auth "ip_not_allowed"
        ["The calling IP address is not on the allow-list", "调用方 IP 地址不在白名单中", "調用方 IP 地址不在白名單中"],
    ClientKeyMissing = 13006 Auth "client_key_missing" [
        "Upload your RSA public key before calling the merchant API",
        "调用商户 API 前请先上传您的 RSA 公钥",
        "調用商戶 API 前請先上傳您的 RSA 公鑰",
    ],
    NonceInvalid = 13007 Auth "nonce_invalid" [
        "Missing or malformed nonce: 16 to 64 letters, digits, '-' or '_' (X-Nonce)",
        "随机数缺失或格式错误：须为 16 到 64 个字母、数字、“-”或“_”（X-Nonce）",
        "隨機數缺失或格式錯誤：須為 16 到 64 個字母、數字、「-」或「_」（X-Nonce）",
    ],
    // 14xxx: a withdrawal request refused for its payee, token or order number
    PayeeBlacklisted = 14001 Refusal "payee_blacklisted"
        ["This address is on your blacklist", "该地址在您的黑名单中", "該地址在您的黑名單中"],
    PayeeIsOwnAddress = 14002 Refusal "payee_is_own_address" [
        "This is one of your own deposit, hot wallet or cold addresses; moving funds between your own addresses is done by collection",
        "这是您自己的充值、热钱包或冷钱包地址；自有地址之间的资金转移请使用归集",
        "這是您自己的充值、熱錢包或冷錢包地址；自有地址之間的資金轉移請使用歸集",
    ],
    TokenNotEnabled = 14003 Refusal "token_not_enabled" ["This token is not enabled", "该代币未启用", "該代幣未啟用"],
    MerchantOrderNoReused = 14004 Refusal "merchant_order_no_reused"
        ["This merchant order number was used for another withdrawal", "该商户订单号已用于另一笔提现", "該商戶訂單號已用於另一筆提現"],
    NoColdAddress = 14005 Refusal "no_cold_address" [
        "This token has no collection address in force: request one under Token list",
        "该代币没有生效的归集地址：请在代币列表中申请",
        "該代幣沒有生效的歸集地址：請在代幣列表中申請",
    ],
    // 15xxx: a review refused for the order's state or the reviewer
    NotAwaitingReview = 15001 Refusal "not_awaiting_review"
        ["This order is no longer awaiting review", "该订单已不在待审核状态", "該訂單已不在待審核狀態"],
    ReviewAgainNotAllowed = 15002 Refusal "review_again_not_allowed" [
        "Review again is allowed 10 minutes after approval, when the transaction failed or does not exist",
        "审核通过 10 分钟后且交易失败或不存在时才可重新审核",
        "審核通過 10 分鐘後且交易失敗或不存在時才可重新審核",
    ],
    SelfApproval = 15003 Refusal "self_approval"
        ["You cannot approve your own withdrawal", "不能审核通过自己发起的提现", "不能審核通過自己發起的提現"],
    ReviewerCoolingOff = 15004 Refusal "reviewer_cooling_off" [
        "Your permission to pass withdrawals is too recent; you can pass withdrawals once the cooling-off period has ended",
        "您的提现审核通过权限获得时间过短，冷静期结束后才能通过提现",
        "您的提現審核通過權限獲得時間過短，冷靜期結束後才能通過提現",
    ],
    // 16xxx: a limit reached
    AmountTooLarge = 16001 Refusal "amount_too_large" [
        "The amount is too large: at most 999,999,999,999,999 per order",
        "金额过大：每笔订单最多 999,999,999,999,999",
        "金額過大：每筆訂單最多 999,999,999,999,999",
    ],
    IpLimit = 16002 Refusal "ip_limit" ["At most 10 IP addresses", "最多 10 个 IP 地址", "最多 10 個 IP 地址"],
    HotWalletLimit = 16003 Refusal "hot_wallet_limit" ["At most 5 payment addresses", "最多 5 个付款地址", "最多 5 個付款地址"],
    ColdAddressLimit = 16004 Refusal "cold_address_limit"
        ["At most 5 collection addresses", "最多 5 个归集地址", "最多 5 個歸集地址"],
    TooManyRows = 16005 Refusal "too_many_rows" ["Too many rows at once", "一次选择的行数过多", "一次選擇的行數過多"],
    // 17xxx: a record missing, already there, or awaiting review
    NoSuchRecord = 17001 Refusal "no_such_record" ["No such record", "记录不存在", "記錄不存在"],
    IpListed = 17002 Refusal "ip_listed" ["This IP address is already listed", "该 IP 地址已在列表中", "該 IP 地址已在列表中"],
    AddressBlacklisted = 17003 Refusal "address_blacklisted"
        ["This address is already on the blacklist", "该地址已在黑名单中", "該地址已在黑名單中"],
    TokenAdded = 17004 Refusal "token_already_added" ["This token is already added", "该代币已添加", "該代幣已添加"],
    RoleNameTaken = 17005 Refusal "role_name_taken"
        ["A role with this name already exists", "已存在同名角色", "已存在同名角色"],
    RequestPending = 17006 Refusal "request_pending"
        ["A request for this token is awaiting review", "该代币已有待审核的申请", "該代幣已有待審核的申請"],
    RoleNameLookAlike = 17007 Refusal "role_name_look_alike" [
        "This role name looks like an existing role's name or like \"admin\": choose a name that reads differently",
        "该角色名称与已有角色名称或“admin”看起来相似，请使用明显不同的名称",
        "該角色名稱與已有角色名稱或「admin」看起來相似，請使用明顯不同的名稱",
    ],
    // 18xxx: a transaction looked up on chain (deposit by hash)
    TxNotFound = 18001 Refusal "tx_not_found" ["Transaction not found on this chain", "链上未找到该交易", "鏈上未找到該交易"],
    TxFailed = 18002 Refusal "tx_failed"
        ["This transaction failed on chain and moved nothing", "该交易在链上失败，未转移任何资产", "該交易在鏈上失敗，未轉移任何資產"],
    TxPaysNoAddress = 18003 Refusal "tx_pays_no_address"
        ["This transaction pays none of your deposit addresses", "该交易未向您的任何充值地址付款", "該交易未向您的任何充值地址付款"],
    TxReorganised = 18004 Retry "tx_reorganised" [
        "The chain reorganised around this block; try again in a minute",
        "该区块附近发生链重组，请一分钟后重试",
        "該區塊附近發生鏈重組，請一分鐘後重試",
    ],
    // 19xxx: pushing a callback
    CallbackUrlMissing = 19001 Refusal "callback_url_missing"
        ["Set a callback address first", "请先设置回调地址", "請先設定回調地址"],
    NothingToPush = 19002 Refusal "nothing_to_push"
        ["There is no callback to push for this order", "该订单没有可推送的回调", "該訂單沒有可推送的回調"],
    CallbackNotLatest = 19003 Refusal "callback_not_latest" [
        "A newer callback of this order exists: push that one",
        "该订单已有更新的回调，请推送最新的回调",
        "該訂單已有更新的回調，請推送最新的回調",
    ],
    // 20xxx: points and bills
    PointsInsufficient = 20001 Refusal "points_insufficient" [
        "Points insufficient: recharge points to pay the payment fee of this withdrawal",
        "积分不足：请充值积分以支付此笔提现的手续费",
        "積分不足：請充值積分以支付此筆提現的手續費",
    ],
    BillNotPayable = 20002 Refusal "bill_not_payable" [
        "This bill is not to be paid: its payment is being confirmed, or it is paid",
        "该账单无需支付：其付款正在确认中或已支付",
        "該賬單無需支付：其付款正在確認中或已支付",
    ],
    BillHashUsed = 20003 Refusal "bill_hash_used" [
        "This transaction is already on a bill: submit the hash of the payment for this bill",
        "该交易已用于账单付款：请提交本账单付款的交易哈希",
        "該交易已用於賬單付款：請提交本賬單付款的交易哈希",
    ],
    // 21xxx: TRON energy
    EnergyQuoteInvalid = 21001 Refusal "energy_quote_invalid" [
        "This price has expired (prices hold 30 seconds) or is not yours: ask for a new price",
        "该报价已过期（报价有效 30 秒）或不属于您：请重新询价",
        "該報價已過期（報價有效 30 秒）或不屬於您：請重新詢價",
    ],
    EnergyNotActivated = 21002 Refusal "energy_not_activated" [
        "This address is not activated on TRON: buy its activation with the order",
        "该地址尚未在 TRON 上激活：请在订单中一并购买激活",
        "該地址尚未在 TRON 上啟用：請在訂單中一併購買啟用",
    ],
    EnergyPointsInsufficient = 21003 Refusal "energy_points_insufficient" [
        "TRX points insufficient: recharge TRX points to buy this energy",
        "TRX 点数不足：请充值 TRX 点数以购买此能量",
        "TRX 點數不足：請充值 TRX 點數以購買此能量",
    ],
    EnergyNotTron = 21004 Refusal "energy_not_tron" [
        "Energy is sold for TRON addresses only: choose a TRON chain",
        "能量仅适用于 TRON 地址：请选择 TRON 链",
        "能量僅適用於 TRON 地址：請選擇 TRON 鏈",
    ],
    EnergyCannotPrice = 21005 Refusal "energy_cannot_price" [
        "Energy cannot be priced now: the platform's energy account holds no USDT to simulate a transfer with; try later",
        "暂时无法为能量报价：平台能量账户没有可用于模拟转账的 USDT，请稍后再试",
        "暫時無法為能量報價：平台能量賬戶沒有可用於模擬轉賬的 USDT，請稍後再試",
    ],
    // 22xxx: the exchange's prices
    PriceSourceMissing = 22001 Refusal "price_source_missing" [
        "This pair has no price source yet: the operator sets one",
        "该交易对尚未设置价格来源：由运营方设置",
        "該交易對尚未設置價格來源：由營運方設置",
    ],
    PriceFeedFailed = 22002 Retry "price_feed_failed" [
        "The pair's price feed could not be read",
        "无法读取该交易对的价格源",
        "無法讀取該交易對的價格源",
    ],
    PriceStale = 22003 Retry "price_stale" [
        "The pair's price is older than its limit, so the pair is stopped",
        "该交易对的价格已超过时限，交易对已停止",
        "該交易對的價格已超過時限，交易對已停止",
    ],
    // 22xxx: the exchange's pairs and quotes
    ExchangePairUnavailable = 22010 Refusal "exchange_pair_unavailable" [
        "No enabled exchange pair for these tokens on this chain",
        "该链上没有这两个代币的已启用交易对",
        "該鏈上沒有這兩個代幣的已啟用交易對",
    ],
    ExchangeAmountOutside = 22011 Refusal "exchange_amount_outside" [
        "The amount is outside the pair's minimum and maximum",
        "金额不在该交易对的最低和最高金额之间",
        "金額不在該交易對的最低和最高金額之間",
    ],
    ExchangeInventoryShort = 22012 Refusal "exchange_inventory_short" [
        "The pair's payout wallet cannot cover this amount now",
        "该交易对的出款钱包目前余额不足以支付此金额",
        "該交易對的出款錢包目前餘額不足以支付此金額",
    ],
    ExchangePairExists = 22013 Refusal "exchange_pair_exists" [
        "This pair exists already: edit it",
        "该交易对已存在，请编辑它",
        "該交易對已存在，請編輯它",
    ],
    ExchangeTooManyPairs = 22014 Refusal "exchange_too_many_pairs" [
        "A merchant has at most 20 exchange pairs",
        "每个商户最多 20 个兑换交易对",
        "每個商戶最多 20 個兌換交易對",
    ],
    ExchangePairTokens = 22015 Refusal "exchange_pair_tokens" [
        "A pair needs two different tokens enabled on the chain",
        "交易对需要该链上已启用的两个不同代币",
        "交易對需要該鏈上已啟用的兩個不同代幣",
    ],
    ExchangeQuoteExpired = 22016 Refusal "exchange_quote_expired" [
        "This quote has expired, was used by another order or does not exist: ask for a new one",
        "报价已过期、已被其他订单使用或不存在，请重新报价",
        "報價已過期、已被其他訂單使用或不存在，請重新報價",
    ],
    ExchangeOrderNoReused = 22017 Refusal "exchange_order_no_reused" [
        "This merchant order number was used for another exchange",
        "该商户订单号已用于另一笔兑换",
        "該商戶訂單號已用於另一筆兌換",
    ],
    ExchangeAmountNotQuoted = 22018 Refusal "exchange_amount_not_quoted" [
        "The amount differs from the quote's: ask for a quote of this amount",
        "金额与报价不符，请按此金额重新报价",
        "金額與報價不符，請按此金額重新報價",
    ],
    ExchangeBelowMinimum = 22019 Refusal "exchange_below_minimum" [
        "The quote pays out less than the minimum asked for",
        "报价的兑出金额低于要求的最低金额",
        "報價的兌出金額低於要求的最低金額",
    ],
    ExchangePayeeRefused = 22020 Refusal "exchange_payee_refused" [
        "The address to pay is on your blacklist, one of your own or the zero address: it cannot be paid",
        "要支付的地址在您的黑名单中、是您自己的地址或零地址：无法向其付款",
        "要支付的地址在您的黑名單中、是您自己的地址或零地址：無法向其付款",
    ],
    // The rules of single fields: no code of their own, so the code is the one of the AppError
    // that carries them: 10422 (Invalid), 10403 (Refused) or 10429 (TooManyRequests).
    EmailEmpty "input_email_address" ["Email address is empty", "邮箱地址为空", "郵箱地址為空"],
    EmailFormatIncorrect "email_format_incorrect" ["Email Format Incorrect", "邮箱格式不正确", "郵箱格式不正確"],
    PasswordEmpty "input_password" ["Password cannot be empty", "密码不能为空", "密碼不能為空"],
    PasswordFormatError "password_format_error" ["Password Format Error", "密码格式错误", "密碼格式錯誤"],
    TwoPasswordInconsistent "two_password_inconsistent"
        ["The two passwords are inconsistent", "两次输入的密码不一致", "兩次輸入的密碼不一致"],
    CodeEmpty "title_input_code" ["Verification code cannot be empty", "验证码不能为空", "驗證碼不能為空"],
    CodeFormat "code_format" ["Must be a 6-digit number", "必须是 6 位数字", "必須是 6 位數字"],
    CodeTypeUnsupported "code_type_unsupported"
        ["This verification type is not available", "暂不支持该验证类型", "暫不支持該驗證類型"],
    DoNotResend "do_not_resend" ["Do Not Resend", "请勿重复发送", "請勿重複發送"],
    GoogleCodeEmpty "input_google_code"
        ["Google verification code cannot be empty", "谷歌验证码不能为空", "谷歌驗證碼不能為空"],
    NicknameEmpty "nickname_empty" ["Nickname is empty", "昵称为空", "暱稱為空"],
    RoleNameEmpty "role_name_empty" ["Role name is empty", "角色名称为空", "角色名稱為空"],
    UnknownMenu "unknown_menu" ["The permission list holds an unknown menu", "权限列表包含未知菜单", "權限列表包含未知菜單"],
    TimeZoneRange "time_zone_range" [
        "Time zone must be a whole offset from -11 to +13",
        "时区必须是 -11 到 +13 之间的整数",
        "時區必須是 -11 到 +13 之間的整數",
    ],
    PageRange "page_range" [
        "Page must be 1 to 100000 and page size 1 to 100",
        "页码须为 1 到 100000，每页条数须为 1 到 100",
        "頁碼須為 1 到 100000，每頁條數須為 1 到 100",
    ],
    CursorInvalid "cursor_invalid" [
        "The page cursor is not valid: start again from the first page",
        "分页游标无效，请从第一页重新开始",
        "分頁游標無效，請從第一頁重新開始",
    ],
    CursorRequired "cursor_required" [
        "Past the first 1000 rows, page on with the cursor of the previous page",
        "超过前 1000 条时，请使用上一页的游标继续翻页",
        "超過前 1000 條時，請使用上一頁的游標繼續翻頁",
    ],
    OrderTypeInvalid "order_type_invalid" [
        "Type must be 1 (deposit), 2 (withdrawal) or 3 (exchange)",
        "类型必须是 1（充值）、2（提现）或 3（兑换）",
        "類型必須是 1（充值）、2（提現）或 3（兌換）",
    ],
    InvalidIp "invalid_ip" ["Invalid IP address", "IP 地址无效", "IP 地址無效"],
    RemarkTooLong "remark_too_long" ["The remark is longer than 100 characters", "备注超过 100 个字符", "備註超過 100 個字符"],
    UnknownChainOrToken "unknown_chain_or_token" ["Unknown chain or token", "未知的链或代币", "未知的鏈或代幣"],
    PaymentAddressEmpty "payment_address_empty"
        ["Merchant payment address cannot be empty", "商户付款地址不能为空", "商戶付款地址不能為空"],
    PaymentAddressNotHotWallet "payment_address_not_hot_wallet" [
        "The payment address must be one of your hot wallets on this chain",
        "付款地址必须是您在该链上的热钱包之一",
        "付款地址必須是您在該鏈上的熱錢包之一",
    ],
    InvalidAmount "invalid_amount" ["Invalid amount", "金额无效", "金額無效"],
    InvalidCollectSettings "invalid_collect_settings" ["Invalid collection settings", "归集设置无效", "歸集設置無效"],
    ColdAddressInvalid "address_incorrect_or_duplicate"
        ["Address input is incorrect or duplicate", "地址输入错误或重复", "地址輸入錯誤或重複"],
    RatioTotal "ratio_total" ["The ratios must total 1", "比例之和必须等于 1", "比例之和必須等於 1"],
    RatioFormat "ratio_format" [
        "Each ratio is a number above 0 and at most 1, with at most 4 decimals",
        "每个比例须大于 0 且不超过 1，最多 4 位小数",
        "每個比例須大於 0 且不超過 1，最多 4 位小數",
    ],
    ColdAddressKnown "cold_address_known" [
        "This address is a deposit or hot wallet address in Coffer and cannot be a cold address",
        "该地址是 Coffer 中的充值地址或热钱包地址，不能作为冷钱包地址",
        "該地址是 Coffer 中的充值地址或熱錢包地址，不能作為冷錢包地址",
    ],
    EnergyOrderBounds "energy_order_bounds" [
        "Times 1 to 10000, days 1 to 365, and max daily uses 1 to the times",
        "次数 1 到 10000，天数 1 到 365，每日最多使用次数 1 到总次数",
        "次數 1 到 10000，天數 1 到 365，每日最多使用次數 1 到總次數",
    ],
    InvalidStatus "invalid_status" ["Invalid status", "状态无效", "狀態無效"],
    PointsFilterInvalid "points_filter_invalid" [
        "Choose USDT or TRX points and a type from the list",
        "请选择 USDT 或 TRX 点数，以及列表中的类型",
        "請選擇 USDT 或 TRX 點數，以及列表中的類型",
    ],
    RateEnergyPrepaid "rate_energy_prepaid" [
        "Energy is paid from TRX points: its rate must be prepaid",
        "能量费从 TRX 点数扣除：其费率须为预付",
        "能量費從 TRX 點數扣除：其費率須為預付",
    ],
    BillPeriodNotEnded "bill_period_not_ended" [
        "A period's bills are issued once it has ended",
        "账期结束后才能出账单",
        "賬期結束後才能出賬單",
    ],
    BillingUnavailable "billing_unavailable" [
        "Bills cannot be paid on this chain: choose a chain from the billing addresses",
        "该链不支持账单付款：请从账单付款地址中选择链",
        "該鏈不支援賬單付款：請從賬單付款地址中選擇鏈",
    ],
    RechargeUnavailable "recharge_unavailable" [
        "Recharging in USDT is not available on this chain yet",
        "该链暂不支持 USDT 充值",
        "該鏈暫不支援 USDT 充值",
    ],
    InvalidOpenId "invalid_open_id"
        ["OpenID must be 1 to 64 characters", "OpenID 须为 1 到 64 个字符", "OpenID 須為 1 到 64 個字符"],
    InvalidAddress "invalid_address" ["Invalid address for this chain", "该链的地址无效", "該鏈的地址無效"],
    ExportsRunning "exports_running" [
        "Two exports are already running for this merchant: try again when one has finished",
        "该商户已有两个导出正在进行，请在其中一个完成后再试",
        "該商戶已有兩個匯出正在進行，請在其中一個完成後再試",
    ],
    TestCallbackTooSoon "test_callback_too_soon" [
        "One test callback a second: try again in a moment",
        "测试回调每秒最多一次，请稍后再试",
        "測試回調每秒最多一次，請稍後再試",
    ],
    ExchangeQuotesTooFast "exchange_quotes_too_fast" [
        "At most 10 exchange quotes a second: try again in a moment",
        "兑换报价每秒最多 10 次，请稍后再试",
        "兌換報價每秒最多 10 次，請稍後再試",
    ],
    FilterTextTooLong "filter_text_too_long" [
        "A filter text is at most 256 characters",
        "筛选文字最多 256 个字符",
        "篩選文字最多 256 個字元",
    ],
    StartAfterEnd "start_after_end" ["The start must not be after the end", "开始时间不能晚于结束时间", "開始時間不能晚於結束時間"],
    DepositStatusInvalid "deposit_status_invalid" [
        "A deposit's status is 7 (on-chain confirming), 8 (transaction complete) or 11 (void)",
        "充值状态只能是 7（链上确认中）、8（交易完成）或 11（作废）",
        "充值狀態只能是 7（鏈上確認中）、8（交易完成）或 11（作廢）",
    ],
    ApiKeyNone "api_key_none"
        ["There is no API key yet; generate one first", "尚未生成 API 密钥，请先生成", "尚未生成 API 密鑰，請先生成"],
    ClientKeyInvalid "client_key_invalid" [
        "Not an RSA public key in PEM format (-----BEGIN PUBLIC KEY-----)",
        "不是 PEM 格式的 RSA 公钥（-----BEGIN PUBLIC KEY-----）",
        "不是 PEM 格式的 RSA 公鑰（-----BEGIN PUBLIC KEY-----）",
    ],
    ClientKeyPrivate "client_key_private" [
        "This is a private key: paste only the public key. The private key was not saved; keep it secret",
        "这是私钥：请只粘贴公钥。私钥未被保存，请妥善保管",
        "這是私鑰：請只粘貼公鑰。私鑰未被保存，請妥善保管",
    ],
    ClientKeySize "client_key_size"
        ["The RSA key must be 2048 to 4096 bits long", "RSA 密钥长度须为 2048 到 4096 位", "RSA 密鑰長度須為 2048 到 4096 位"],
    CallbackUrlInvalid "callback_url_invalid" [
        "The callback address must be an http:// or https:// URL with a host, at most 512 characters",
        "回调地址须为带主机名的 http:// 或 https:// 地址，最多 512 个字符",
        "回調地址須為帶主機名的 http:// 或 https:// 地址，最多 512 個字符",
    ],
    DatesRequired "dates_required" ["A start and an end must be chosen", "必须选择开始和结束日期", "必須選擇開始和結束日期"],
    DateRange "date_range"
        ["The end must be after the start, at most 366 days later", "结束须晚于开始，且不超过 366 天", "結束須晚於開始，且不超過 366 天"],
    TxHashInvalid "tx_hash_invalid" ["Not a transaction hash for this chain", "不是该链的交易哈希", "不是該鏈的交易哈希"],
    MerchantOrderNoInvalid "merchant_order_no_invalid" [
        "The merchant order number must be 1 to 64 letters, digits, - or _",
        "商户订单号须为 1 到 64 个字母、数字、“-”或“_”",
        "商戶訂單號須為 1 到 64 個字母、數字、「-」或「_」",
    ],
    RejectReasonRequired "reject_reason_required"
        ["A reason of 1 to 200 characters is required to reject", "驳回须填写 1 到 200 个字符的原因", "駁回須填寫 1 到 200 個字符的原因"],
    NotOwnHotWallet "not_own_hot_wallet" [
        "The source address must be one of your hot wallets on this chain",
        "出款地址须为您在该链上的热钱包",
        "出款地址須為您在該鏈上的熱錢包",
    ],
    SecurityCodeTooLong "security_code_too_long"
        ["The security code is at most 64 characters", "安全码最多 64 个字符", "安全碼最多 64 個字符"],
    GrantBeyondOwn "grant_beyond_own"
        ["You cannot grant a permission you do not hold yourself", "您不能授予自己没有的权限", "您不能授予自己沒有的權限"],
    AdminOnlyGrant "admin_only_grant" [
        "Only an administrator can assign the administrator role or change an administrator's role",
        "只有管理员可以分配管理员角色或修改管理员的角色",
        "只有管理員可以分配管理員角色或修改管理員的角色",
    ],
    OwnRoleLocked "own_role_locked" [
        "You cannot change your own role or the role you belong to",
        "您不能修改自己的角色或自己所属的角色",
        "您不能修改自己的角色或自己所屬的角色",
    ],
    OutranksCaller "outranks_caller" [
        "This account or role holds permissions you do not hold; you cannot change it",
        "该账户或角色拥有您没有的权限，您不能修改它",
        "該賬戶或角色擁有您沒有的權限，您不能修改它",
    ],
    NameInvisibleCharacters "name_invisible_characters" [
        "Names may not contain control, invisible or text-direction characters",
        "名称不能包含控制字符、不可见字符或文字方向字符",
        "名稱不能包含控制字元、不可見字元或文字方向字元",
    ],
    NicknameTooLong "nickname_too_long" ["Nickname must be 1 to 32 characters", "昵称须为 1 到 32 个字符", "暱稱須為 1 到 32 個字元"],
    RoleNameTooLong "role_name_too_long"
        ["Role name must be 1 to 32 characters", "角色名称须为 1 到 32 个字符", "角色名稱須為 1 到 32 個字元"],
    NotInvited "not_invited" ["Invalid or expired invitation", "邀请无效或已过期", "邀請無效或已過期"],
    CallbackUrlScheme "callback_url_scheme" [
        "The address must start with http:// or https://",
        "地址须以 http:// 或 https:// 开头",
        "地址須以 http:// 或 https:// 開頭",
    ],
    CallbackTargetPrivate "callback_target_private" [
        "The address is on a private, loopback or reserved network: Coffer will not call it",
        "该地址属于内网、本机或保留网段，Coffer 不会向其发送请求",
        "該地址屬於內網、本機或保留網段，Coffer 不會向其發送請求",
    ],
    CallbackTargetEmbedded "callback_target_embedded" [
        "IPv6 forms that carry an IPv4 address (IPv4-mapped, IPv4-translated, IPv4-compatible, 6to4, NAT64) are not accepted: enter the IPv4 address or a host name",
        "不接受携带 IPv4 地址的 IPv6 形式（IPv4 映射、IPv4 转换、IPv4 兼容、6to4、NAT64），请填写 IPv4 地址或域名",
        "不接受攜帶 IPv4 地址的 IPv6 形式（IPv4 映射、IPv4 轉換、IPv4 相容、6to4、NAT64），請填寫 IPv4 地址或域名",
    ],
    CallbackNameResolvesPrivate "callback_name_resolves_private" [
        "This host name resolves to a private, loopback or reserved address: Coffer will not call it",
        "该域名解析到内网、本机或保留地址，Coffer 不会向其发送请求",
        "該域名解析到內網、本機或保留地址，Coffer 不會向其發送請求",
    ],
    // The rate card (what services cost a merchant)
    RateModeNotForService "rate_mode_not_for_service" [
        "This charge mode is not available for this service: the monthly fee is charged monthly, energy per use or monthly",
        "该服务不支持此收费方式：月费按月收取，能量按次或按月收取",
        "該服務不支持此收費方式：月費按月收取，能量按次或按月收取",
    ],
    RateFieldsNotForMode "rate_fields_not_for_mode" [
        "A percent rate takes a percent with an optional minimum and maximum; a fixed or monthly rate takes only an amount",
        "按比例收费只填比例及可选的最低、最高金额；固定或按月收费只填金额",
        "按比例收費只填比例及可選的最低、最高金額；固定或按月收費只填金額",
    ],
    RatePercentRange "rate_percent_range" [
        "The percent must be 0 to 100 with at most 4 decimals",
        "比例须为 0 到 100，最多 4 位小数",
        "比例須為 0 到 100，最多 4 位小數",
    ],
    RatePointsRange "rate_points_range" [
        "An amount of points must be 0 to 1000000000 with at most 6 decimals",
        "积分金额须为 0 到 1000000000，最多 6 位小数",
        "積分金額須為 0 到 1000000000，最多 6 位小數",
    ],
    RateMinAboveMax "rate_min_above_max"
        ["The minimum must not be above the maximum", "最低金额不能高于最高金额", "最低金額不能高於最高金額"],
    NoPriceForToken "no_price_for_token" [
        "This token has no price in points, so a percent of its amount cannot be charged",
        "该代币没有积分价格，无法按其金额比例收费",
        "該代幣沒有積分價格，無法按其金額比例收費",
    ],
    // The exchange's price sources (set by the operator)
    ExchangeRateInvalid "exchange_rate_invalid" [
        "A rate is a decimal number above 0 and at most 1000000000000000000, with at most 18 decimals",
        "汇率须为大于 0 且不超过 1000000000000000000 的十进制数，最多 18 位小数",
        "匯率須為大於 0 且不超過 1000000000000000000 的十進制數，最多 18 位小數",
    ],
    PriceFeedUrlInvalid "price_feed_url_invalid" [
        "The price feed must be an http:// or https:// URL with a host and no user name, at most 500 characters",
        "价格源须为带主机名、不含用户名的 http:// 或 https:// 地址，最多 500 个字符",
        "價格源須為帶主機名、不含用戶名的 http:// 或 https:// 地址，最多 500 個字符",
    ],
    PriceMaxAgeRange "price_max_age_range" [
        "A price's age limit is 1 to 3600 seconds",
        "价格时限须为 1 到 3600 秒",
        "價格時限須為 1 到 3600 秒",
    ],
    UnknownMerchant "unknown_merchant" ["No such merchant", "商户不存在", "商戶不存在"],
    AllowIpUnspecified "allow_ip_unspecified" [
        "0.0.0.0, ::, broadcast and multicast addresses cannot be a caller's address: enter the caller's own IP address",
        "0.0.0.0、::、广播和组播地址不可能是调用方的地址，请填写调用方自己的 IP 地址",
        "0.0.0.0、::、廣播和組播地址不可能是調用方的地址，請填寫調用方自己的 IP 地址",
    ],
    ExchangeSpreadRange "exchange_spread_range" [
        "The spread must be 0 to 50% with at most 2 decimals",
        "点差须为 0 到 50%，最多 2 位小数",
        "點差須為 0 到 50%，最多 2 位小數",
    ],
    ExchangeToleranceRange "exchange_tolerance_range" [
        "The tolerance must be 0 to 10% with at most 2 decimals",
        "容差须为 0 到 10%，最多 2 位小数",
        "容差須為 0 到 10%，最多 2 位小數",
    ],
    ExchangeOutsideRule "exchange_outside_rule" [
        "A payment outside the rules is either refunded (1) or held for review (2)",
        "超出规则的付款只能退款 (1) 或待审核 (2)",
        "超出規則的付款只能退款 (1) 或待審核 (2)",
    ],
}
