import { DropZone, FileTrigger, Text, type DropItem, type DragTypes } from 'react-aria-components';
import { Button } from '../ui/Button';

/** The first file of a drop, if any. */
async function firstFile(items: DropItem[]): Promise<File | null> {
  for (const item of items) if (item.kind === 'file') return item.getFile();
  return null;
}

/**
 * A drop zone with a file picker button inside: dropping and picking both hand over one file. `accept`
 * filters the picker and the drag (media types, or extensions such as ".zip"); null accepts anything.
 * The file's checks are the machine's (fileProblem), so a refused drop still gets its explanation.
 */
export function FileDrop({
  accept,
  prompt,
  buttonLabel,
  isDisabled,
  onFile,
}: {
  accept: readonly string[] | null;
  prompt: string;
  buttonLabel: string;
  isDisabled?: boolean;
  onFile: (file: File) => void;
}) {
  const mediaTypes = accept?.filter((entry) => entry.includes('/')) ?? [];
  const dropOperation = (types: DragTypes) =>
    // Some systems give no type while dragging: let the drop through and let the machine judge the file.
    !accept || mediaTypes.length === 0 || mediaTypes.some((type) => types.has(type)) || types.has('application/octet-stream') ? 'copy' : 'cancel';
  return (
    <DropZone
      className="upload-drop"
      isDisabled={isDisabled}
      getDropOperation={dropOperation}
      onDrop={async (event) => {
        const file = await firstFile(event.items);
        if (file) onFile(file);
      }}
      data-testid="upload-drop"
    >
      <svg className="upload-drop__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" d="M12 15V4m0 0-4 4m4-4 4 4M5 15v3a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-3" />
      </svg>
      <Text slot="label" className="upload-drop__prompt">
        {prompt}
      </Text>
      <FileTrigger
        acceptedFileTypes={accept ? [...accept] : undefined}
        onSelect={(files) => {
          const file = files?.[0];
          if (file) onFile(file);
        }}
      >
        <Button variant="secondary" size="sm" isDisabled={isDisabled} data-testid="upload-choose">
          {buttonLabel}
        </Button>
      </FileTrigger>
    </DropZone>
  );
}
