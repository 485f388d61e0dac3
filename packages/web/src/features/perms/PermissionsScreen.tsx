import { PlaceholderScreen } from '../../app/PlaceholderScreen';

export default function PermissionsScreen() {
  return <PlaceholderScreen titleKey="route.perms" />;
}
