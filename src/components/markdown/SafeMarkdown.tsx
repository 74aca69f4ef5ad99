import { Box, Text, Title, Tooltip, Typography } from '@mantine/core';
import { memo, useMemo, type ReactNode } from 'react';
import Markdown, { type Components, type ExtraProps } from 'react-markdown';
import rehypeSanitize from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';
import { CopyButton } from '../CopyButton';
import { useT } from '../../i18n';

export interface SafeMarkdownProps {
  /** The model's text: untrusted. */
  text: string;
  /** Load http(s) images; off by default (an image URL can carry data out of the page). */
  allowRemoteImages?: boolean;
}

interface HastLike {
  type: string;
  value?: string;
  children?: HastLike[];
}

function textOf(node: HastLike | undefined): string {
  if (!node) return '';
  if (node.type === 'text') return node.value ?? '';
  return (node.children ?? []).map(textOf).join('');
}

/** Only http(s) images are ever loaded, and only when remote images are allowed. */
const isRemoteImage = (url: string) => /^https?:\/\//i.test(url.trim());
const remarkPlugins = [remarkGfm];
// rehype-sanitize runs last among the plugins: nothing after it can add an attribute it would refuse.
const rehypePlugins = [rehypeSanitize];

function CodeBlock({ children, node }: { children?: ReactNode } & ExtraProps) {
  const t = useT();
  const code = textOf(node as HastLike | undefined).replace(/\n$/, '');
  return (
    <Box pos="relative" className="kc-md-code">
      <Box pos="absolute" top={4} right={4} style={{ zIndex: 1 }}>
        <CopyButton value={code} label={t('answer.md.code')} size="xs" />
      </Box>
      <pre>{children}</pre>
    </Box>
  );
}

function RemovedLink({ children }: { children?: ReactNode }) {
  const t = useT();
  return (
    <Tooltip label={t('answer.md.linkRemoved')} withArrow>
      <Text component="span" td="underline dotted" data-link-removed="">
        {children}
      </Text>
    </Tooltip>
  );
}

function BlockedImage({ alt, src, removed }: { alt: string; src?: string; removed: boolean }) {
  const t = useT();
  return (
    <Text
      component="span"
      size="sm"
      c="dimmed"
      data-image-blocked=""
      style={{
        display: 'inline-block',
        border: '1px dashed var(--mantine-color-default-border)',
        borderRadius: 4,
        padding: '0 6px',
        wordBreak: 'break-all',
      }}
    >
      {removed
        ? t('answer.md.imageRemoved', { alt: alt || '—' })
        : t('answer.md.imageBlocked', { alt: alt || '—', url: src ?? '' })}
    </Text>
  );
}

const HEADING_SIZE = { 3: 'h4', 4: 'h5', 5: 'h6', 6: 'h6' } as const;

function Heading({ level, children }: { level: 3 | 4 | 5 | 6; children?: ReactNode }) {
  return (
    <Title order={level} size={HEADING_SIZE[level]} mt="xs" mb={4}>
      {children}
    </Title>
  );
}

function componentsFor(allowRemoteImages: boolean): Components {
  return {
    a: ({ href, children }) => {
      if (!href) return <RemovedLink>{children}</RemovedLink>;
      // In-message anchors (footnotes) stay in the page; everything else opens apart from the console.
      if (href.startsWith('#')) return <a href={href}>{children}</a>;
      return (
        <a href={href} target="_blank" rel="noopener noreferrer">
          {children}
        </a>
      );
    },
    img: ({ src, alt }) => {
      const url = typeof src === 'string' ? src : undefined;
      if (allowRemoteImages && url && isRemoteImage(url)) {
        return (
          <img src={url} alt={alt ?? ''} loading="lazy" referrerPolicy="no-referrer" style={{ maxWidth: '100%' }} />
        );
      }
      return <BlockedImage alt={alt ?? ''} src={url} removed={!url} />;
    },
    // The page has one h1 (its header): a message's headings are demoted below the answer card, and kept small.
    h1: ({ children }) => <Heading level={3}>{children}</Heading>,
    h2: ({ children }) => <Heading level={4}>{children}</Heading>,
    h3: ({ children }) => <Heading level={5}>{children}</Heading>,
    h4: ({ children }) => <Heading level={6}>{children}</Heading>,
    h5: ({ children }) => <Heading level={6}>{children}</Heading>,
    h6: ({ children }) => <Heading level={6}>{children}</Heading>,
    pre: CodeBlock,
    table: ({ children }) => (
      <Box style={{ overflowX: 'auto' }} mb="sm">
        <table>{children}</table>
      </Box>
    ),
  };
}

/**
 * An assistant message as Markdown (GFM), safe to show: raw HTML is dropped (skipHtml, no rehype-raw),
 * rehype-sanitize removes any attribute or element outside GitHub's allow-list (event handlers, SVG,
 * scripts), links keep only the URLs react-markdown's defaultUrlTransform allows (http(s), mailto, irc(s),
 * xmpp and relative: any other scheme, however spelled, loses its href) and open in a new tab without an opener
 * or referrer, and images stay text unless remote images are allowed. Memoised: a finished message
 * renders once, not on every delta of the message being streamed after it.
 */
export const SafeMarkdown = memo(function SafeMarkdown({ text, allowRemoteImages = false }: SafeMarkdownProps) {
  const components = useMemo(() => componentsFor(allowRemoteImages), [allowRemoteImages]);
  return (
    <Typography className="kc-markdown" fz="sm" style={{ overflowWrap: 'anywhere' }}>
      <Markdown skipHtml remarkPlugins={remarkPlugins} rehypePlugins={rehypePlugins} components={components}>
        {text}
      </Markdown>
    </Typography>
  );
});
