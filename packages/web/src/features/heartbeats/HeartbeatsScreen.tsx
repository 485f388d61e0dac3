import { PlaceholderScreen } from '../../app/PlaceholderScreen';

export default function HeartbeatsScreen() {
  return <PlaceholderScreen titleKey="route.heartbeats" />;
}
