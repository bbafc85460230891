/** The events of a server-sent event response body, as `{ id, type, data }` with the data parsed as JSON. */
export async function* sseEvents(
  body: AsyncIterable<Uint8Array>,
): AsyncGenerator<{ id: number | null; type: string; data: unknown }> {
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of body) {
    buffer += decoder.decode(chunk, { stream: true });
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const id = /^id: (\d+)$/m.exec(block)?.[1];
      const type = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (type && data) yield { id: id === undefined ? null : Number(id), type, data: JSON.parse(data) as unknown };
      end = buffer.indexOf('\n\n');
    }
  }
}
