import { describe, expect, it } from 'vitest';
import zhCN from './zh-CN/translation';
import zhHK from './zh-HK/translation';

// Native Chinese typography in the zh-CN and zh-HK tables: full-width punctuation next to
// Chinese text, no space between Chinese text and Chinese punctuation nor between two Chinese
// characters (a menu path in a sentence is quoted instead: 在“订单 › 提现”中), Chinese quotation
// marks (zh-CN “”, zh-HK 「」) rather than ASCII ones; zh-HK in traditional characters. Spacing
// as in Ant Design's Chinese documentation: one space between Chinese characters and Latin
// letters, digits or an interpolation (最多 512 个字符, Google 验证码, {{count}} 条), none next to
// full-width punctuation, none between a number and % or °.

/** Han characters, CJK symbols and punctuation, full-width forms. */
const CJK = '\\u3000-\\u303f\\u3400-\\u4dbf\\u4e00-\\u9fff\\uff00-\\uffef';
const HAN = '\\u3400-\\u4dbf\\u4e00-\\u9fff';
/** Full-width punctuation, which carries its own spacing. */
const FULL_WIDTH = '，。：；！？、（）「」『』《》“”';

const ASCII_NEXT_TO_CJK = new RegExp(`[${CJK}][,:;!?()]|[,:;!?()][${CJK}]`, 'g');
const SPACE_IN_CHINESE = new RegExp(`[${HAN}${FULL_WIDTH}] +[${HAN}${FULL_WIDTH}]`, 'g');
/** Latin letters, digits, and % (a number's unit, 15% 的) against Chinese characters. */
const LATIN = 'A-Za-z0-9%';
/** A lookahead, so that both sides of one Latin character are found (共X条). */
const MISSING_SPACE = new RegExp(`(?=([${HAN}][${LATIN}]|[${LATIN}][${HAN}]))`, 'g');
const DOUBLED_SPACE = / {2,}/g;
/** A space between Latin text and full-width punctuation (the Chinese side is SPACE_IN_CHINESE). */
const SPACE_AT_FULL_WIDTH = new RegExp(`[^ ${HAN}${FULL_WIDTH}] +[${FULL_WIDTH}]|[${FULL_WIDTH}] +[^ ${HAN}${FULL_WIDTH}]`, 'g');
const SPACE_BEFORE_UNIT = /\d +[%°]/g;
const ASCII_QUOTE = /"/g;
/** zh-HK quotes with corner brackets. */
const CURLY_QUOTE = /[“”]/g;

/**
 * What is not prose, left out on purpose: interpolations (`{{email}}`), URLs and schemes
 * (`https://`), code in backticks, code-like tokens (`{"code":0}`, `{code, msg, data}`), and number formats
 * (`1,000`, `12:30`). Each becomes a neutral Latin letter or digit, so what stands next to it is
 * still checked.
 */
function proseOf(text: string): string {
  return text
    .replace(/\{\{[^}]*\}\}/g, 'X')
    .replace(/[a-z][a-z0-9+.-]*:\/\/[^\s\u3000-\u9fff\uff00-\uffef]*/gi, 'X')
    .replace(/`[^`]*`/g, 'X')
    .replace(/\{[^{}\u3400-\u9fff]*\}/g, 'X')
    .replace(/\d+[,:.]\d+/g, '0');
}

/** The typographic faults of one Chinese message: each offending character or pair. */
function faults(text: string, lang: 'zh-CN' | 'zh-HK' = 'zh-CN'): string[] {
  const prose = proseOf(text);
  const patterns = [
    ASCII_NEXT_TO_CJK,
    SPACE_IN_CHINESE,
    MISSING_SPACE,
    DOUBLED_SPACE,
    SPACE_AT_FULL_WIDTH,
    SPACE_BEFORE_UNIT,
    ASCII_QUOTE,
    ...(lang === 'zh-HK' ? [CURLY_QUOTE] : []),
  ];
  return patterns.flatMap((pattern) => [...prose.matchAll(pattern)].map((match) => match[1] ?? match[0]));
}

/**
 * Common simplified-only characters (their traditional forms differ: 这 這, 设 設, 码 碼). Characters
 * that are also traditional (干 里 后 台 准 范 ...) are left out.
 */
const SIMPLIFIED_ONLY = new RegExp(
  `[${[
    '这们说时发会对过还没为进样现经么当开关门问间长东车见视觉让认记设请该话应实际种变产区处单动务华协员图团国场备复头学宝导将专业',
    '丰临举义乐习书买乱争亏亲亿仅从仓价众优伟传伤伦侠侣债倾储儿兰兴养兽写军农刘则刚创删别剂剑剧劝办励劲劳势医卖卢卫却厅历压厌县参',
    '双变叠号叹吓吗启呜响哑哗唤园围圆圣坏块坚坛坝垄垒壮声壳够夸夹夺奋奖妆妇妈娱婴孙宁实宠审宪宽宾寻寿尘尝层届属岁岂岗岛岭峡币帅师',
    '帐带帮庄庆库废异弃张弥弯弹强归录彻忆忧怀态怜总恋恳恶恼悬惊惧惨惩愤愿懒戏战户扑执扩扫扬扰抚抢护报担拟拥拦择挂挡挣挤挥损捡换摄',
    '摆摇摊撑敌数断无旧显晋晒晓晕暂杀杂权条来杨极构枪柜标栈栋栏树档桥检楼横欢欧残毁毕毙气汇汉汤沟沪泪泼泽洁浅浆测济浏浑浓涛涝涡',
    '润涨渐渔湾湿滚满滤滥滨滩灭灯灵灾灿炉点炼烂烟热爱爷牵犹狭狮独狱猎猪献环电画畅疗疯盏监盖盘矫矿码砖础确碍礼祸离积称税稳穷窃窝',
    '竖竞笔笼筑筛筹签简粮紧纠红约级纪纯纲纳纵纷纸纹线练组细织终绑结绕绘给络绝统继续维综绿缓编缘缩罗罚罢职联聪肃肠肤肿胀脑脚脱艰',
    '艺节苏苹荐荡荣药获营萝蓝虑虽蚀补衬袜装观规览誉计订讨训议讯讲许论访证评识诉词译试诚询详语误读课谁调谈谋谢谨贝负贡财责贤败',
    '账货质贪贫购贯贵贷贸费贺资赏赔赖赚赛赞赠赢赶趋跃践踪轨转轮软轻载较辅辆辉辑输辞边达迁运远违连迟适选递逻遗邮邻释鉴针钟钢钥钱',
    '钻铁铃银铺链销锁错键镇镜闪闭闲闻阅队阳阴阵阶陆陈险随隐难须顶项顺顾预领频题颜额风飞饭饮饰馆马驱驶驻验骗鱼鲜鸟鸡鸣黄齐龄龙',
  ].join('')}]`,
  'g',
);

describe('the punctuation check', () => {
  it('finds ASCII punctuation and spaces next to Chinese text', () => {
    expect(faults('日期: 请选择')).toEqual(['期:']);
    expect(faults('无应答(连接被拒绝)')).toEqual(['答(', '绝)']);
    expect(faults('确定?')).toEqual(['定?']);
    expect(faults('已保存 。')).toEqual(['存 。']);
    expect(faults('（ 可选 ）')).toEqual(['（ 可', '选 ）']);
    expect(faults('在 订单 › 提现 中查看')).toEqual(['在 订', '现 中']);
    expect(faults('在 订单 中查看')).toEqual(['在 订', '单 中']);
    expect(faults('发送一个 "ping" 事件')).toEqual(['"', '"']);
    expect(faults('在“订单”中', 'zh-HK')).toEqual(['“', '”']);
    expect(faults('在“订单”中', 'zh-CN')).toEqual([]);
  });

  it('finds a missing, doubled or misplaced space between Chinese and Latin text', () => {
    expect(faults('最多512个字符')).toEqual(['多5', '2个']);
    expect(faults('查看API密钥')).toEqual(['看A', 'I密']);
    expect(faults('共{{count}}条')).toEqual(['共X', 'X条']);
    expect(faults('须返回`ok`字段')).toEqual(['回X', 'X字']);
    expect(faults('上限15%的')).toEqual(['限1', '%的']);
    expect(faults('最多  512 个字符')).toEqual(['  ']);
    expect(faults('请输入（ X-Nonce ）或 Google ，')).toEqual(['（ X', 'e ）', 'e ，']);
    expect(faults('上限 15 % 的')).toEqual(['5 %']);
    expect(faults('最多 512 个字符，Google 验证码，共 {{count}} 条，上限 15% 的（X-Nonce）')).toEqual([]);
  });

  it('leaves interpolations, URLs, code and numbers alone', () => {
    expect(faults('发送到 {{email}}，')).toEqual([]);
    expect(faults('{{count}}:{{total}} 条')).toEqual([]);
    expect(faults('须为 http:// 或 https://shop.example/a?b=1 地址')).toEqual([]);
    expect(faults('须为 `amount_min` 的值')).toEqual([]);
    expect(faults('须返回 {"code":0} 提现才会通过；内容为 {code, msg, data}：')).toEqual([]);
    expect(faults('每日 12:30 执行，上限 1,000 笔')).toEqual([]);
    expect(faults('UTC+08:00 时区')).toEqual([]);
  });
});

describe.each([
  ['zh-CN', zhCN],
  ['zh-HK', zhHK],
] as const)('%s', (lang, table) => {
  it('uses full-width punctuation, Chinese quotes and no space inside Chinese text', () => {
    const wrong = Object.entries(table).flatMap(([key, text]) => faults(text, lang).map((fault) => `${key}: «${fault}» in ${text}`));
    expect(wrong).toEqual([]);
  });

  it('is written in simplified (zh-CN) or traditional (zh-HK) characters', () => {
    const simplified = Object.entries(table).flatMap(([key, text]) => (text.match(SIMPLIFIED_ONLY) ?? []).map((char) => `${key}: ${char}`));
    if (lang === 'zh-HK') expect(simplified).toEqual([]);
    // The check knows the characters: zh-CN, written in them, is full of them.
    else expect(simplified.length).toBeGreaterThan(100);
  });
});
