import { PlaceholderScreen } from '../../app/PlaceholderScreen';

export default function ResetPasswordScreen() {
  return <PlaceholderScreen titleKey="route.reset" />;
}
