import { Suspense, lazy, useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Button, Card, Col, DatePicker, Row, Skeleton, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { getHomeOverview, queryDailyTxData, type DailyTx, type DayRange, type HomeOverview, type MoneyMoved } from '@/api/home';
import { useScreenZone } from '@/pages/orders/useScreenZone';
import { periodMessageKey } from '@/pages/orders/orderFilters';
import { formatUtcOffset } from '@/utils/format';
import type { TranslationKey } from '@/locales/types';
import { ChainsCard, FiguresCard, GettingStartedCard, HoldingsCard, WaitingCard } from './HomeCards';
import { pickedRange, readToday } from './overview';
import { PointsCard } from './PointsCard';

// ECharts comes with the charts alone, after the figures (docs/console.md, "Bundle budget").
const DailyCharts = lazy(() => import('./DailyCharts'));

interface Loaded {
  overview: HomeOverview;
  /** Today in the merchant's zone, as the server said (never the browser's clock). */
  today: string;
  todayFigures: MoneyMoved;
  days: DailyTx[] | null;
}

/**
 * Home (menu 1): for a period of the merchant's days (default: the last 7, ending the server's
 * today), the points fees are paid from (with the low-balance warning), what it holds, what
 * moved today and in the period, what waits for people, the chains' scanning, the
 * getting-started steps, and the daily charts.
 */
export default function HomePage() {
  const { t } = useTranslation();
  const { timeZone: merchantZone } = useScreenZone();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [failed, setFailed] = useState<DayRange | 'default' | null>(null);
  const [problem, setProblem] = useState<TranslationKey | null>(null);
  const [picked, setPicked] = useState<[Dayjs, Dayjs] | null>(null);
  const latest = useRef(0);

  const load = useCallback(async (range?: DayRange) => {
    const call = ++latest.current;
    const current = () => call === latest.current;
    setFailed(null);
    try {
      const overview = await getHomeOverview(range);
      if (!current()) return;
      const today = readToday(overview);
      setPicked([dayjs(overview.startDate), dayjs(overview.endDate)]);
      setLoaded({ overview, today: today.date, todayFigures: today.figures, days: null });
      const daily = await queryDailyTxData({ startDate: overview.startDate, endDate: overview.endDate });
      if (!current()) return;
      setLoaded({ overview, today: today.date, todayFigures: today.figures, days: daily.days });
    } catch {
      // The request layer told the user; the card says the figures are missing and offers Retry.
      if (current()) setFailed(range ?? 'default');
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  const choose = (values: [Dayjs | null, Dayjs | null] | null) => {
    const range = pickedRange(values?.[0], values?.[1]);
    if (typeof range === 'string') {
      setProblem(periodMessageKey(range));
      return;
    }
    setProblem(null);
    void load(range);
  };

  const overview = loaded?.overview;
  const zone = merchantZone ?? overview?.timeZone ?? null;
  return (
    <Space direction="vertical" size={16} className="coffer-full" data-testid="home">
      <Card
        title={t('home_overview')}
        className="coffer-card"
        data-testid="home-overview"
        extra={
          zone !== null && (
            <Typography.Text type="secondary" data-testid="home-timezone">
              {t('label_value', { label: t('time_zone'), value: t('utc_offset', { offset: formatUtcOffset(zone) }) })}
            </Typography.Text>
          )
        }
      >
        <Space wrap>
          <Typography.Text>{t('home_period')}</Typography.Text>
          <DatePicker.RangePicker
            value={picked}
            onChange={(values) => choose(values as [Dayjs | null, Dayjs | null] | null)}
            disabledDate={(day) => (loaded ? day.isAfter(dayjs(loaded.today), 'day') : false)}
            disabled={!loaded}
            allowClear={false}
            data-testid="home-period"
          />
          {problem && (
            <Typography.Text type="danger" data-testid="home-period-problem">
              {t(problem)}
            </Typography.Text>
          )}
        </Space>
        {failed && (
          <Alert
            type="error"
            showIcon
            className="coffer-gap"
            message={t('home_load_failed')}
            data-testid="home-load-failed"
            action={
              <Button size="small" onClick={() => void load(failed === 'default' ? undefined : failed)}>
                {t('list_retry')}
              </Button>
            }
          />
        )}
      </Card>
      <PointsCard />
      {!overview && !failed && <Card className="coffer-card" loading />}
      {overview && loaded && (
        <>
          <GettingStartedCard done={overview.gettingStarted} />
          <Row gutter={[16, 16]}>
            <Col xs={24} xl={12}>
              <FiguresCard title={t('home_today', { date: loaded.today })} figures={loaded.todayFigures} testId="home-today" />
            </Col>
            <Col xs={24} xl={12}>
              <FiguresCard
                title={t('home_period_figures', { start: overview.startDate, end: overview.endDate })}
                figures={overview.period}
                testId="home-period-figures"
              />
            </Col>
          </Row>
          <Row gutter={[16, 16]}>
            <Col xs={24} xl={16}>
              <HoldingsCard holdings={overview.holdings} timeZone={overview.timeZone} />
            </Col>
            <Col xs={24} xl={8}>
              <WaitingCard waiting={overview.waiting} />
            </Col>
          </Row>
          <Card title={t('home_charts')} className="coffer-card" data-testid="home-charts">
            {loaded.days ? (
              <Suspense fallback={<Skeleton active />}>
                <DailyCharts days={loaded.days} />
              </Suspense>
            ) : (
              <Skeleton active />
            )}
          </Card>
          <ChainsCard chains={overview.chains} timeZone={overview.timeZone} />
        </>
      )}
    </Space>
  );
}
