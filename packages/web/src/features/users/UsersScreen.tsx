import { PlaceholderScreen } from '../../app/PlaceholderScreen';

export default function UsersScreen() {
  return <PlaceholderScreen titleKey="route.users" />;
}
