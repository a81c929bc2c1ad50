/** Unit tests render ui as a signed-in page does: with tailwind-merge loaded (ui/lib/cn.ts). */
import { loadClassMerge } from '~/ui/lib/cn';

await loadClassMerge();
