import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/')({
  component: Home,
});

function Home() {
  return (
    <main className="mx-auto flex max-w-xl flex-col gap-3 p-8">
      <h1 className="font-display text-3xl font-semibold">Beacon</h1>
      <p className="text-base-content/80">
        AI discoverability, agents and catalogue tooling for Salesforce B2C Commerce teams.
      </p>
    </main>
  );
}
