import { Fragment, type ReactNode } from 'react';
import { Typography } from 'antd';

// The few Markdown forms the OpenAPI document's descriptions use: paragraphs, "- " lists, fenced
// code blocks and `inline code`. Rendered as React text (never as HTML), so nothing is injected.

type Block = { kind: 'p'; text: string } | { kind: 'ul'; items: string[] } | { kind: 'code'; text: string };

export function markdownBlocks(source: string): Block[] {
  const blocks: Block[] = [];
  const lines = source.replace(/\r\n/g, '\n').split('\n');
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length) blocks.push({ kind: 'p', text: paragraph.join(' ') });
    paragraph = [];
  };
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i];
    if (line.trim().startsWith('```')) {
      flush();
      const code: string[] = [];
      for (i += 1; i < lines.length && !lines[i].trim().startsWith('```'); i += 1) code.push(lines[i]);
      blocks.push({ kind: 'code', text: code.join('\n') });
    } else if (/^\s*- /.test(line)) {
      flush();
      const last = blocks[blocks.length - 1];
      const item = line.replace(/^\s*- /, '');
      if (last?.kind === 'ul') last.items.push(item);
      else blocks.push({ kind: 'ul', items: [item] });
    } else if (!line.trim()) {
      flush();
    } else {
      const last = blocks[blocks.length - 1];
      // A wrapped line of a list item continues it.
      if (!paragraph.length && last?.kind === 'ul' && /^\s+/.test(line)) last.items[last.items.length - 1] += ` ${line.trim()}`;
      else paragraph.push(line.trim());
    }
  }
  flush();
  return blocks;
}

/** Text with `inline code` spans. */
export function InlineMarkdown({ text }: { text: string }) {
  const parts = text.split(/(`[^`]+`)/g);
  return (
    <>
      {parts.map((part, index) =>
        part.startsWith('`') && part.endsWith('`') && part.length > 1 ? (
          <Typography.Text code key={index}>
            {part.slice(1, -1)}
          </Typography.Text>
        ) : (
          <Fragment key={index}>{part}</Fragment>
        ),
      )}
    </>
  );
}

// Long lines (signatures, keys) wrap instead of widening the page.
const PRE_STYLE = { whiteSpace: 'pre-wrap', wordBreak: 'break-all', margin: 0 } as const;

export function CodeBlock({ code, testId, copyable = true }: { code: string; testId?: string; copyable?: boolean }): ReactNode {
  return (
    <Typography.Paragraph copyable={copyable ? { text: code } : false} data-testid={testId}>
      <pre style={PRE_STYLE}>{code}</pre>
    </Typography.Paragraph>
  );
}

export default function Markdown({ source, testId }: { source: string; testId?: string }) {
  return (
    <div data-testid={testId}>
      {markdownBlocks(source).map((block, index) => {
        if (block.kind === 'code') return <CodeBlock key={index} code={block.text} copyable={false} />;
        if (block.kind === 'ul') {
          return (
            <ul key={index}>
              {block.items.map((item, itemIndex) => (
                <li key={itemIndex}>
                  <InlineMarkdown text={item} />
                </li>
              ))}
            </ul>
          );
        }
        return (
          <Typography.Paragraph key={index}>
            <InlineMarkdown text={block.text} />
          </Typography.Paragraph>
        );
      })}
    </div>
  );
}
