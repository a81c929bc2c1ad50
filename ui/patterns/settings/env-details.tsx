/** Env settings (docs/product.md#settings): the environment's own name and slug. */
import { useId } from 'react';
import type { Env } from '~/domain/orgs/entities';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/ui/components/card';
import { DetailItem, DetailList } from '~/ui/components/detail-list';

export function EnvDetails({ env }: { env: Pick<Env, 'name' | 'slug'> }) {
  const headingId = useId();
  return (
    <Card aria-labelledby={headingId} role="region">
      <CardHeader>
        <CardTitle asChild>
          <h2 id={headingId}>Environment</h2>
        </CardTitle>
        <CardDescription>Each environment links to one B2C Commerce instance.</CardDescription>
      </CardHeader>
      <CardContent>
        <DetailList>
          <DetailItem label="Name">{env.name}</DetailItem>
          <DetailItem label="Slug" mono>
            {env.slug}
          </DetailItem>
        </DetailList>
      </CardContent>
    </Card>
  );
}
