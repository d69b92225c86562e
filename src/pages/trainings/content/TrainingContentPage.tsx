import { TrainingFrame } from '../training/TrainingFrame';
import { ItemTree } from './ItemTree';

/** /formations/:uuid (route `training`): the training's frame with its content tab, the item tree. */
export function TrainingContentPage() {
  return <TrainingFrame tab="content">{(training) => <ItemTree training={training} />}</TrainingFrame>;
}
