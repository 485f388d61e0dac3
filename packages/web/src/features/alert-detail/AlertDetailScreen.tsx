import { PlaceholderScreen } from '../../app/PlaceholderScreen';

export default function AlertDetailScreen() {
  return <PlaceholderScreen titleKey="route.alert" />;
}
