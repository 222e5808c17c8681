import { Suspense, lazy, useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Button, Card, Col, DatePicker, Row, Skeleton, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { getHomeOverview, queryDailyTxData, type DailyTx, type DayRange, type HomeOverview, type MoneyMoved } from '@/api/home';
import { useScreenZone } from '@/pages/orders/useScreenZone';
import { periodMessageKey } from '@/pages/orders/orderFilters';
import { formatUtcOffset } from '@/utils/format';
import type { TranslationKey } from '@/locales/types';
import { ChainsCard, GettingStartedCard, HoldingsCard, WaitingCard } from './HomeCards';
import { FiguresTile } from './FiguresTile';
import { pickedRange, readToday } from './overview';
import { PointsAlerts, PointsCard, useHomePoints } from './PointsCard';

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
 * Home (menu 1), money first: for a period of the merchant's days (default: the last 7, ending
 * the server's today), a warning when the points fees are paid from run low or a bill is due,
 * what moved today and in the period, then what it holds beside what waits for people and the
 * points, the daily charts, the getting-started steps (one folded line once all are done) and
 * the chains' scanning.
 */
export default function HomePage() {
  const { t } = useTranslation();
  const { timeZone: merchantZone } = useScreenZone();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [failed, setFailed] = useState<DayRange | 'default' | null>(null);
  const [problem, setProblem] = useState<TranslationKey | null>(null);
  const [picked, setPicked] = useState<[Dayjs, Dayjs] | null>(null);
  const latest = useRef(0);
  const points = useHomePoints();

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
  const figuresShown = loaded !== null || !failed;
  return (
    <Space direction="vertical" size={16} className="coffer-full" data-testid="home">
      {/* The tiles' header line: the period they count, and the zone its days are in. */}
      <div className="coffer-home-head" data-testid="home-overview">
        <Space wrap>
          <Typography.Title level={4} className="coffer-home-title">
            {t('home_overview')}
          </Typography.Title>
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
        {zone !== null && (
          <Typography.Text type="secondary" data-testid="home-timezone">
            {t('label_value', { label: t('time_zone'), value: t('utc_offset', { offset: formatUtcOffset(zone) }) })}
          </Typography.Text>
        )}
      </div>
      {failed && (
        <Alert
          type="error"
          showIcon
          message={t('home_load_failed')}
          data-testid="home-load-failed"
          action={
            <Button size="small" onClick={() => void load(failed === 'default' ? undefined : failed)}>
              {t('list_retry')}
            </Button>
          }
        />
      )}
      {/* Urgent before the money: fees wait for points below the operator's threshold, or for an unpaid bill. */}
      <PointsAlerts points={points.points} />
      {/* Money first: what moved today and in the period. */}
      {figuresShown && (
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={12}>
            <FiguresTile title={loaded ? t('home_today', { date: loaded.today }) : t('home_today_title')} figures={loaded?.todayFigures ?? null} testId="home-today" />
          </Col>
          <Col xs={24} lg={12}>
            <FiguresTile
              title={overview ? t('home_period_figures', { start: overview.startDate, end: overview.endDate }) : t('home_period')}
              figures={overview?.period ?? null}
              testId="home-period-figures"
            />
          </Col>
        </Row>
      )}
      {/* What it holds, beside what waits for people and the points (loaded on their own). */}
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          {overview && <HoldingsCard holdings={overview.holdings} timeZone={overview.timeZone} />}
        </Col>
        <Col xs={24} xl={8}>
          <Space direction="vertical" size={16} className="coffer-full">
            {overview && <WaitingCard waiting={overview.waiting} timeZone={overview.timeZone} />}
            {!points.failed && <PointsCard points={points.points} />}
          </Space>
        </Col>
      </Row>
      {overview && loaded && (
        <>
          <Card title={t('home_charts')} className="coffer-card" data-testid="home-charts">
            {loaded.days ? (
              <Suspense fallback={<Skeleton active />}>
                <DailyCharts days={loaded.days} />
              </Suspense>
            ) : (
              <Skeleton active />
            )}
          </Card>
          <GettingStartedCard done={overview.gettingStarted} />
          <ChainsCard chains={overview.chains} timeZone={overview.timeZone} />
        </>
      )}
    </Space>
  );
}
