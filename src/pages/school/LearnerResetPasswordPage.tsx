import { useSearchParams } from 'react-router-dom';
import { requestLearnerPasswordReset, resetLearnerPassword } from '../../api/schoolApi';
import { schoolPath } from '../../../shared/schoolPaths';
import { useSchool } from '../../app/school';
import { ChooseNewPassword, RequestResetLink } from '../auth/ResetPasswordPage';

/** The back office's reset forms, for this school: without a token, ask for the link; with it, choose the password. */
export function LearnerResetPasswordPage() {
  const [search] = useSearchParams();
  const { subdomain } = useSchool();
  const token = search.get('token');
  const loginHref = schoolPath(subdomain, 'login');
  return token ? (
    <ChooseNewPassword send={(passwords, signal) => resetLearnerPassword(subdomain, { token, ...passwords }, signal)} loginHref={loginHref} />
  ) : (
    <RequestResetLink send={(email, signal) => requestLearnerPasswordReset(subdomain, email, signal)} loginHref={loginHref} />
  );
}
