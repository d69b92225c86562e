import { useIntl } from 'react-intl';
import { Plus } from 'lucide-react';
import { BLOCK_TYPES, type BlockType } from '../../../../shared/lessonBlocks';
import { blockTypeMessages } from '../../../blocks/blockMessages';
import { Button } from '../../../components/ui/Button';
import { Menu, MenuItem } from '../../../components/ui/Menu';
import { lessonEditorMessages as m } from './lessonEditorMessages';

/** "Ajouter un bloc": a menu of the block types (react-aria Menu: arrows, type-ahead, Enter). */
export function AddBlockMenu({ onAdd, isDisabled, compact = false }: { onAdd: (type: BlockType) => void; isDisabled: boolean; compact?: boolean }) {
  const intl = useIntl();
  return (
    <div className={compact ? 'add-block add-block--compact' : 'add-block'}>
      <Menu
        aria-label={intl.formatMessage(m.addBlock)}
        placement="bottom start"
        trigger={
          <Button variant={compact ? 'ghost' : 'secondary'} size="sm" isDisabled={isDisabled} data-testid="add-block">
            <Plus size={16} aria-hidden="true" />
            {intl.formatMessage(m.addBlock)}
          </Button>
        }
      >
        {BLOCK_TYPES.map((type) => (
          <MenuItem key={type} id={type} onAction={() => onAdd(type)}>
            {intl.formatMessage(blockTypeMessages[type])}
          </MenuItem>
        ))}
      </Menu>
    </div>
  );
}
