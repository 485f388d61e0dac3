import { PlaceholderScreen } from '../../app/PlaceholderScreen';

export default function BlackoutsScreen() {
  return <PlaceholderScreen titleKey="route.blackouts" />;
}
