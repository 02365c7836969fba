import { createElement, Fragment } from 'react';
import type { ReactNode } from 'react';
import { parseRichText } from '../lib/richText.ts';
import type { RichTextNode } from '../lib/richText.ts';
import { useShellSettings } from '../shell/ShellContext.tsx';

function renderNode(node: RichTextNode, key: number): ReactNode {
  if (typeof node === 'string') return <Fragment key={key}>{node}</Fragment>;
  const children = node.children.map(renderNode);
  if (node.tag === 'a') {
    return node.href === undefined ? (
      <span key={key}>{children}</span>
    ) : (
      <a key={key} href={node.href} target="_blank" rel="noreferrer">
        {children}
      </a>
    );
  }
  return createElement(node.tag, { key, style: node.align ? { textAlign: node.align } : undefined }, ...children);
}

/** RichText renders editor HTML through the allowlist of spec 2.8 (never as raw HTML). */
export function RichText({ html, className }: { html: string; className?: string }) {
  const { basePath } = useShellSettings();
  return <div className={className}>{parseRichText(html, basePath).map(renderNode)}</div>;
}
