import Markdown from 'react-markdown';

/**
 * A document's Markdown as React elements. react-markdown builds elements from the syntax tree and never renders
 * raw HTML from the text, so a document cannot inject markup or script; links leave through a new tab.
 */
export default function MarkdownView({ text }: { text: string }) {
  return (
    <div className="rb-markdown">
      <Markdown
        components={{
          a: ({ href, children }) => (
            <a href={href} target="_blank" rel="noreferrer noopener">
              {children}
            </a>
          ),
        }}
      >
        {text}
      </Markdown>
    </div>
  );
}
