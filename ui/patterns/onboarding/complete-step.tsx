/** The last step: everything is verified; Continue finishes onboarding. */
import { ArrowRightIcon } from 'lucide-react';
import { Button } from '~/ui/components/button';
import { Callout } from '~/ui/components/callout';

export function CompleteStep({
  instanceId,
  finishing,
  onContinue,
}: {
  instanceId: string;
  finishing: boolean;
  onContinue: () => void;
}) {
  return (
    <div className="flex flex-col gap-4">
      <Callout
        variant="success"
        title="All steps done"
        description={
          <>
            The API client, OCAPI Data, OCAPI Shop and WebDAV settings are verified for{' '}
            <span className="font-mono">{instanceId}</span>. Continue to link it to this
            environment.
          </>
        }
      />
      <div>
        <Button type="button" loading={finishing} onClick={onContinue}>
          Continue
          <ArrowRightIcon aria-hidden />
        </Button>
      </div>
    </div>
  );
}
