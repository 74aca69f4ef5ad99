import { useParams } from 'react-router-dom';
import { PlaygroundRoute } from './PlaygroundRoute';
import { SpacePicker } from './SpacePicker';

/** /playground picks a space; /playground/:spaceId is the playground of that space. */
export default function PlaygroundPage() {
  const { spaceId } = useParams();
  return spaceId ? <PlaygroundRoute spaceId={spaceId} /> : <SpacePicker />;
}
