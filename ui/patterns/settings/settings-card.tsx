/**
 * A settings card: a region named by its h2 title, the description under the title and an optional
 * action beside them (a badge, a button); then the card's own content and footer.
 */
import { type ComponentProps, type ReactNode, useId } from 'react';
import { Card, CardAction, CardDescription, CardHeader, CardTitle } from '~/ui/components/card';

export function SettingsCard({
  title,
  description,
  action,
  headingId,
  children,
  ...props
}: Omit<ComponentProps<typeof Card>, 'title'> & {
  title: ReactNode;
  description: ReactNode;
  action?: ReactNode;
  /** The title's id, when something else in the card is labelled by it too. */
  headingId?: string;
}) {
  const ownId = useId();
  const id = headingId ?? ownId;
  return (
    <Card role="region" aria-labelledby={id} {...props}>
      <CardHeader>
        <CardTitle asChild>
          <h2 id={id}>{title}</h2>
        </CardTitle>
        <CardDescription>{description}</CardDescription>
        {action ? <CardAction>{action}</CardAction> : null}
      </CardHeader>
      {children}
    </Card>
  );
}
