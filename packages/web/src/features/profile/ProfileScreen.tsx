import { PlaceholderScreen } from '../../app/PlaceholderScreen';

export default function ProfileScreen() {
  return <PlaceholderScreen titleKey="route.profile" />;
}
