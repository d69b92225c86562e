// jsdom lays nothing out: ProseMirror scrolls the cursor into view with Range rects (also from a `selectionchange`
// that may land after a test has ended, which is why every file rendering the editor imports this), and
// react-aria reads CSS.escape.
Range.prototype.getClientRects ??= () => [] as unknown as DOMRectList;
Range.prototype.getBoundingClientRect ??= () => new DOMRect();
globalThis.CSS ??= { escape: (value: string) => value.replace(/[^\w-]/g, (char) => `\\${char}`) } as unknown as typeof CSS;
