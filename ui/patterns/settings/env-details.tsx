/** Env settings (docs/product.md#settings): the environment's own name and slug. */
import type { Env } from '~/domain/orgs/entities';
import { CardContent } from '~/ui/components/card';
import { DetailItem, DetailList } from '~/ui/components/detail-list';
import { SettingsCard } from './settings-card';

export function EnvDetails({ env }: { env: Pick<Env, 'name' | 'slug'> }) {
  return (
    <SettingsCard
      title="Environment"
      description="Each environment links to one B2C Commerce instance."
    >
      <CardContent>
        <DetailList>
          <DetailItem label="Name">{env.name}</DetailItem>
          <DetailItem label="Slug" mono>
            {env.slug}
          </DetailItem>
        </DetailList>
      </CardContent>
    </SettingsCard>
  );
}
