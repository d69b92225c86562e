/** The four status glyphs shared by banners and toasts (20×20, drawn in currentColor). */
export type StatusVariant = 'info' | 'success' | 'warning' | 'danger';

const glyphs: Record<StatusVariant, string> = {
  info:
    'M10 1.5a8.5 8.5 0 1 1 0 17 8.5 8.5 0 0 1 0-17Zm-1 7.5h2v6H9V9Zm1-4a1.15 1.15 0 1 1 0 2.3A1.15 1.15 0 0 1 10 5Z',
  success:
    'M10 1.5a8.5 8.5 0 1 1 0 17 8.5 8.5 0 0 1 0-17Zm3.78 5.72a.75.75 0 0 0-1.06 0L8.75 11.19 7.28 9.72a.75.75 0 1 0-1.06 1.06l2 2a.75.75 0 0 0 1.06 0l4.5-4.5a.75.75 0 0 0 0-1.06Z',
  warning:
    'M8.26 2.6a2 2 0 0 1 3.48 0l6.5 11.4A2 2 0 0 1 16.5 17h-13a2 2 0 0 1-1.74-3L8.26 2.6ZM9.1 6.5h1.8v5H9.1v-5Zm.9 6.75a1.1 1.1 0 1 1 0 2.2 1.1 1.1 0 0 1 0-2.2Z',
  danger:
    'M10 1.5a8.5 8.5 0 1 1 0 17 8.5 8.5 0 0 1 0-17ZM9 5.5h2v6H9v-6Zm1 8a1.15 1.15 0 1 1 0 2.3 1.15 1.15 0 0 1 0-2.3Z',
};

export function StatusIcon({ variant, className }: { variant: StatusVariant; className: string }) {
  return (
    <svg className={className} viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <path fill="currentColor" fillRule="evenodd" d={glyphs[variant]} />
    </svg>
  );
}
