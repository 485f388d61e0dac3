import { PlaceholderScreen } from '../../app/PlaceholderScreen';

export default function ForgotPasswordScreen() {
  return <PlaceholderScreen titleKey="route.forgot" />;
}
