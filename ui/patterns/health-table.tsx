import type { HealthCheck } from '~/domain/system/entities';
import { Badge } from '~/ui/components/badge';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '~/ui/components/table';

/** A health check as the domain reports it, with the part's name for people. */
export interface HealthRow extends HealthCheck {
  label: string;
}

const time = new Intl.DateTimeFormat('en', {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
});

/** The status page's table: one row per part of the product, with latency and last error. */
export function HealthTable({ rows }: { rows: readonly HealthRow[] }) {
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>Part</TableHead>
          <TableHead>Status</TableHead>
          <TableHead className="text-right">Latency</TableHead>
          <TableHead>Last error</TableHead>
          <TableHead>Checked</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.name} data-health={row.name} data-ok={row.ok}>
            <TableCell className="font-medium">{row.label}</TableCell>
            <TableCell>
              <Badge variant={row.ok ? 'success' : 'error'}>{row.ok ? 'Healthy' : 'Failing'}</Badge>
            </TableCell>
            <TableCell className="text-right tabular-nums">
              {row.latencyMs === null ? '—' : `${row.latencyMs} ms`}
            </TableCell>
            <TableCell className="max-w-80 text-sm break-words">
              {row.lastError ?? 'None'}
            </TableCell>
            <TableCell className="tabular-nums">{time.format(row.checkedAt)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
