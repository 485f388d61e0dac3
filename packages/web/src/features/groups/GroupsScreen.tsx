import { PlaceholderScreen } from '../../app/PlaceholderScreen';

export default function GroupsScreen() {
  return <PlaceholderScreen titleKey="route.groups" />;
}
