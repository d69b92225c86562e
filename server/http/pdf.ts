/** Headers of a PDF answer: downloaded under `filename`, never cached (it carries a person's name). */
export const pdfHeaders = (filename: string): Record<string, string> => ({
  'content-type': 'application/pdf',
  'content-disposition': `attachment; filename="${filename.replace(/[^A-Za-z0-9._-]/g, '_')}"`,
  'cache-control': 'private, no-store',
});
