/** The results' actions (Run now, Export CSV, Print report) and the engine filter; none of it prints. */
import { DownloadIcon, PlayIcon, PrinterIcon } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import type { AiEngine } from '~/domain/ai/models';
import { MONITORING_RUN_MESSAGES } from '~/domain/monitoring/runs';
import { Button } from '~/ui/components/button';
import { TabNav, TabNavLink, TabNavList } from '~/ui/components/tab-nav';
import { ENGINE_ORDER, engineName, formatCount } from './format';

export const MONITORING_RESULTS_TEXT = {
  runNow: 'Run now',
  exportCsv: 'Export CSV',
  print: 'Print report',
  engineFilter: 'Engine',
  notConfigured: MONITORING_RUN_MESSAGES.notConfigured,
  runActive: 'A run is in progress: its results appear here when it ends.',
  startFailed: 'The run did not start',
  lastRunFailed: 'The latest run failed',
  lastRunFailedNote: 'The figures below are from the last run that finished.',
  samplesFailed: (failed: number, total: number) =>
    `${formatCount(failed)} of ${formatCount(total)} samples failed in the latest run`,
  samplesFailedNote: 'Its figures stand on the answers that came back.',
  loadFailedTitle: 'The results could not be loaded',
} as const;

export function ResultsActions({
  onRun,
  starting,
  canRun,
  runBlockedReason,
  onExport,
  canExport,
  onPrint,
}: {
  onRun(): void;
  /** Run now was pressed and the server has not answered yet. */
  starting: boolean;
  /** False until the results say whether a run may start, and while one may not. */
  canRun: boolean;
  /** Why Run now is unavailable (no config, a run in progress), said under it. */
  runBlockedReason: string | null;
  onExport(): void;
  canExport: boolean;
  onPrint(): void;
}) {
  const reasonId = useId();
  return (
    <div className="flex flex-col items-end gap-1.5 print:hidden">
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="outline" onClick={onExport} disabled={!canExport}>
          <DownloadIcon aria-hidden />
          {MONITORING_RESULTS_TEXT.exportCsv}
        </Button>
        <Button variant="outline" onClick={onPrint}>
          <PrinterIcon aria-hidden />
          {MONITORING_RESULTS_TEXT.print}
        </Button>
        <Button
          onClick={onRun}
          loading={starting}
          disabled={!canRun}
          aria-describedby={runBlockedReason ? reasonId : undefined}
        >
          {starting ? null : <PlayIcon aria-hidden />}
          {MONITORING_RESULTS_TEXT.runNow}
        </Button>
      </div>
      {runBlockedReason ? (
        <p id={reasonId} className="max-w-80 text-right text-sm text-base-content/75">
          {runBlockedReason}
        </p>
      ) : null}
    </div>
  );
}

/**
 * All engines, ChatGPT, Claude, Gemini: links, so a narrowed view has its own URL. `renderLink` wraps
 * each label in the router's link to that engine (null: every engine).
 */
export function EngineFilter({
  value,
  renderLink,
}: {
  value: AiEngine | null;
  renderLink(engine: AiEngine | null, children: ReactNode): ReactNode;
}) {
  return (
    <TabNav aria-label={MONITORING_RESULTS_TEXT.engineFilter} className="print:hidden">
      <TabNavList>
        {[null, ...ENGINE_ORDER].map((engine) => (
          <TabNavLink key={engine ?? 'all'} active={value === engine} asChild>
            {renderLink(engine, engineName(engine))}
          </TabNavLink>
        ))}
      </TabNavList>
    </TabNav>
  );
}
