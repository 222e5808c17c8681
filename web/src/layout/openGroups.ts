import type { MenuNode } from '@/router/menus';

/** The sidebar menu's key of a directory entry. */
export const dirKey = (node: MenuNode) => `dir:${node.id}`;

/** Keys of the directories that contain `path` (found by `matches`), outermost first. */
function ancestorsOf(nodes: MenuNode[], matches: (node: MenuNode) => boolean, trail: string[] = []): string[] | null {
  for (const node of nodes) {
    if (matches(node)) return trail;
    const found = ancestorsOf(node.children, matches, [...trail, dirKey(node)]);
    if (found) return found;
  }
  return null;
}

/**
 * The directories to open for the current page, so its entry shows however the page was
 * reached (menu, tab, link, typed URL). A page without an entry of its own (token detail, at
 * /token/token-detail) opens the directory its path lies in.
 */
export function groupsToOpen(nodes: MenuNode[], path: string): string[] {
  const own = ancestorsOf(nodes, (node) => node.path === path);
  if (own) return own;
  const folder = path.slice(0, path.lastIndexOf('/'));
  const isFolder = (node: MenuNode) => node.type === 'M' && node.path === folder;
  const outer = folder ? ancestorsOf(nodes, isFolder) : null;
  if (!outer) return [];
  const directory = findNode(nodes, isFolder);
  return directory ? [...outer, dirKey(directory)] : outer;
}

function findNode(nodes: MenuNode[], matches: (node: MenuNode) => boolean): MenuNode | null {
  for (const node of nodes) {
    if (matches(node)) return node;
    const found = findNode(node.children, matches);
    if (found) return found;
  }
  return null;
}

/**
 * The sidebar's open directories after the user opened or closed one (antd's `onOpenChange`
 * gives `next`), as an accordion like Ant Design Pro's ProLayout: opening a directory closes
 * every other one except those it lies in; closing one just closes it.
 */
export function accordionOpen(nodes: MenuNode[], previous: readonly string[], next: readonly string[]): string[] {
  const opened = next.find((key) => !previous.includes(key));
  if (!opened) return [...next];
  const outer = ancestorsOf(nodes, (node) => dirKey(node) === opened) ?? [];
  return [...outer, opened];
}
