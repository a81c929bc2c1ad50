/**
 * /app/{orgSlug}/{envSlug}/pages/theme: the theme designer of the landing pages, in their route group
 * (which adds nothing to the URL; docs/decisions/0019-one-folder-per-area.md).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { RotateCcwIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useCurrentEnv } from '~/app/lib/env-context';
import { formErrorsOf, schemaErrorsOf } from '~/app/lib/form-errors';
import { useCurrentUser } from '~/app/lib/session';
import { useTRPC } from '~/app/lib/trpc';
import { saveThemeInput } from '~/domain/landing-pages/inputs';
import { SCREEN_GATES } from '~/domain/orgs/gating';
import {
  applyCssUpdates,
  applyPreset,
  createDesignerState,
  DESIGNER_STORAGE_KEY,
  type DesignerState,
  type DesignerTheme,
  exportJson,
  loadDesignerState,
  PRESETS,
  type StoredDesignProblem,
} from '~/domain/theme-designer/theme-designer';
import { Button } from '~/ui/components/button';
import { Callout } from '~/ui/components/callout';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '~/ui/components/tabs';
import { PageHeader } from '~/ui/patterns/page-header';
import { ColorTokenEditor } from '~/ui/patterns/theme-designer/color-token-editor';
import { CssPastePanel } from '~/ui/patterns/theme-designer/css-paste-panel';
import { ExportPanel } from '~/ui/patterns/theme-designer/export-panel';
import { FontsPanel } from '~/ui/patterns/theme-designer/fonts-panel';
import { FooterPanel } from '~/ui/patterns/theme-designer/footer-panel';
import { HeaderPanel } from '~/ui/patterns/theme-designer/header-panel';
import { LandingPreview } from '~/ui/patterns/theme-designer/landing-preview';
import { PresetsPanel } from '~/ui/patterns/theme-designer/presets-panel';
import { SaveThemeDialog } from '~/ui/patterns/theme-designer/save-theme-dialog';

export const Route = createFileRoute(
  '/_authed/_user/$orgSlug/$envSlug/(landing-pages)/pages/theme',
)({
  staticData: { gate: SCREEN_GATES.theme },
  component: Screen,
});

/**
 * The designer is local only (docs/product.md#theme-designer): its state lives in this browser's storage. A stored state
 * that no longer validates keeps its valid parts, and the person is told what was reset.
 */
function useDesignerState() {
  const [loaded] = useState(() => loadDesignerState(readStorage(DESIGNER_STORAGE_KEY)));
  const [state, setState] = useState<DesignerState>(loaded.state);
  const [problem, setProblem] = useState<StoredDesignProblem | null>(loaded.problem);
  useEffect(() => {
    try {
      localStorage.setItem(DESIGNER_STORAGE_KEY, exportJson(state));
    } catch {
      // Storage full or blocked: the designer still works for this visit.
    }
  }, [state]);
  return { state, setState, problem, dismissProblem: () => setProblem(null) };
}

function readStorage(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function Screen() {
  const user = useCurrentUser();
  const { state, setState, problem, dismissProblem } = useDesignerState();
  return (
    <div className="flex flex-col">
      <PageHeader
        title="Theme designer"
        description="Design the theme of your landing pages: colours, fonts, header and footer. It is saved in this browser."
        actions={
          <Button
            type="button"
            variant="outline"
            onClick={() => setState(createDesignerState(state.preset))}
          >
            <RotateCcwIcon aria-hidden />
            Reset to {PRESETS[state.preset].label}
          </Button>
        }
      />
      {problem ? (
        <Callout
          data-slot="stored-design-problem"
          variant="warning"
          title={problem.title}
          description={problem.description}
          className="mx-8 mt-8"
          action={
            <Button type="button" variant="outline" size="sm" onClick={dismissProblem}>
              Dismiss
            </Button>
          }
        />
      ) : null}
      <div className="grid gap-8 p-8 xl:grid-cols-[minmax(0,34rem)_minmax(0,1fr)]">
        <Tabs defaultValue="theme" className="min-w-0 gap-6">
          <TabsList className="flex h-auto w-full flex-wrap">
            <TabsTrigger value="theme">Theme</TabsTrigger>
            <TabsTrigger value="header">Header</TabsTrigger>
            <TabsTrigger value="footer">Footer</TabsTrigger>
            <TabsTrigger value="css">Paste CSS</TabsTrigger>
            <TabsTrigger value="export">Import & export</TabsTrigger>
          </TabsList>
          <TabsContent value="theme" className="flex flex-col gap-8">
            <PresetsPanel
              current={state.preset}
              onChoose={(preset) => setState((s) => applyPreset(s, preset))}
            />
            <FontsPanel
              fonts={state.theme.fonts}
              onChange={(token, font) =>
                setState((s) => ({
                  ...s,
                  theme: { ...s.theme, fonts: { ...s.theme.fonts, [token]: font } },
                }))
              }
            />
            <ColorTokenEditor
              colors={state.theme.colors}
              onChange={(token, value) =>
                setState((s) => ({
                  ...s,
                  theme: { ...s.theme, colors: { ...s.theme.colors, [token]: value } },
                }))
              }
            />
          </TabsContent>
          <TabsContent value="header">
            <HeaderPanel
              header={state.header}
              onChange={(header) => setState((s) => ({ ...s, header }))}
            />
          </TabsContent>
          <TabsContent value="footer">
            <FooterPanel
              footer={state.footer}
              onChange={(footer) => setState((s) => ({ ...s, footer }))}
            />
          </TabsContent>
          <TabsContent value="css">
            <CssPastePanel
              onApply={(updates) =>
                setState((s) => ({ ...s, theme: applyCssUpdates(s.theme, updates) }))
              }
            />
          </TabsContent>
          <TabsContent value="export" className="flex flex-col gap-6">
            {user.isSuperUser ? <SaveAsLandingTheme theme={state.theme} /> : null}
            <ExportPanel state={state} onImport={setState} />
          </TabsContent>
        </Tabs>
        <section aria-labelledby="theme-preview-title" className="flex min-w-0 flex-col gap-3">
          <h2 id="theme-preview-title" className="font-display text-lg font-semibold">
            Preview
          </h2>
          <LandingPreview state={state} className="max-h-[48rem]" />
        </section>
      </div>
    </div>
  );
}

const THEME_FIELDS = ['name'] as const;

/**
 * Superusers keep the designer's colours and fonts on the server for landing pages; the designer's
 * own state stays local (the server refuses anyone else anyway).
 */
function SaveAsLandingTheme({ theme }: { theme: DesignerTheme }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { org } = useCurrentEnv();
  const [open, setOpen] = useState(false);
  const save = useMutation(
    trpc.landingPages.saveTheme.mutationOptions({
      onSuccess: async () => {
        setOpen(false);
        await queryClient.invalidateQueries(trpc.landingPages.themes.pathFilter());
      },
    }),
  );
  const input = (name: string) => ({ orgId: org.id, name, theme });
  return (
    <SaveThemeDialog
      open={open}
      onOpenChange={(next) => {
        if (next) save.reset();
        setOpen(next);
      }}
      validate={({ name }) => schemaErrorsOf(saveThemeInput, input(name), THEME_FIELDS)}
      onSubmit={(name) => save.mutate(input(name))}
      pending={save.isPending}
      savedName={save.isSuccess ? save.data.name : null}
      serverErrors={save.error ? formErrorsOf(save.error, THEME_FIELDS) : null}
    />
  );
}
