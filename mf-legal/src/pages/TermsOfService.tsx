import type { ReactNode } from 'react';
import { Link } from '@groupflow/shell-kit/router';
import './legal.css';

type LegalSection = {
  title: string;
  body: ReactNode;
};

const sections: LegalSection[] = [
  {
    title: 'Acceptance of Terms',
    body: (
      <>
        <p>
          These Terms of Service (the &quot;Terms&quot;) form a binding agreement between you and GroupFlow
          (&quot;GroupFlow&quot;, &quot;we&quot;, &quot;us&quot; or &quot;our&quot;) and govern your use of the
          GroupFlow Discord bot, website, dashboard, group workspaces and related services (together, the
          &quot;Service&quot;).
        </p>
        <p>
          By signing in, verifying an account, adding the GroupFlow bot to a Discord server, or otherwise using the
          Service, you confirm that you have read, understood and agree to these Terms and to our Privacy Policy. If you
          do not agree, you must not use the Service.
        </p>
        <p>
          If you use the Service on behalf of a Discord server, a Roblox group, or another organization, you represent
          that you are authorized to accept these Terms on its behalf, and &quot;you&quot; includes that server, group
          or organization.
        </p>
      </>
    ),
  },
  {
    title: 'Service Description',
    body: (
      <>
        <p>GroupFlow connects Discord communities with Roblox groups. The Service includes:</p>
        <ul>
          <li>
            <strong>Account verification:</strong> members link a Roblox account to their Discord account by proving
            that they control it.
          </li>
          <li>
            <strong>Group bindings:</strong> Discord server owners and administrators bind a Roblox group to their
            server so that roles and nicknames follow members&apos; group membership and rank.
          </li>
          <li>
            <strong>Group workspaces:</strong> group staff manage their Roblox group from a GroupFlow workspace, with
            tools such as member management, rank changes, activity tracking and staff records.
          </li>
          <li>
            <strong>Moderation tools:</strong> optional features that help server staff enforce their community rules.
          </li>
          <li>
            <strong>Support:</strong> assistance from GroupFlow staff through our support page.
          </li>
        </ul>
        <p>
          Some features may be offered only on paid plans. We may add, change or remove features over time; where a
          change materially reduces the functionality of a paid plan you have already purchased, we will give you
          reasonable notice.
        </p>
      </>
    ),
  },
  {
    title: 'Accounts',
    body: (
      <>
        <p>To use the Service you must:</p>
        <ul>
          <li>
            Be <strong>at least 13 years old</strong>, and meet any higher minimum age required by Discord, Roblox or
            the law of your country.
          </li>
          <li>Hold a Discord account and, for verification, a Roblox account, each in good standing.</li>
          <li>Provide accurate information and keep it up to date.</li>
        </ul>
        <p>
          <strong>One account per person.</strong> Each person may maintain only one GroupFlow account. You may not
          create additional accounts to evade a suspension, ban or other restriction, to manipulate verification or
          group rankings, or to impersonate another person. You may link only Roblox accounts that you personally own
          and control.
        </p>
        <p>
          You are responsible for all activity that takes place through your account and for keeping your Discord and
          Roblox accounts secure. Never share your login credentials or verification codes. Tell us promptly through our
          support page if you believe your account has been compromised.
        </p>
      </>
    ),
  },
  {
    title: 'User Conduct',
    body: (
      <>
        <p>You agree to use the Service lawfully and respectfully. You must not:</p>
        <ul>
          <li>Break any applicable law, or the terms, rules or community standards of Discord or Roblox.</li>
          <li>Harass, threaten, discriminate against, exploit or endanger any person, especially minors.</li>
          <li>Impersonate any person or misrepresent your affiliation with any person, server or group.</li>
          <li>
            Verify, or attempt to verify, a Roblox account you do not own, or interfere with another user&apos;s
            verification.
          </li>
          <li>
            Use the Service to buy, sell or trade Roblox accounts, group ranks, or in-game items in breach of
            Roblox&apos;s terms, or to run scams or fraud.
          </li>
          <li>
            Abuse administrative or staff permissions, including changing ranks, issuing punishments or accessing member
            information for purposes unrelated to legitimate management of your server or group.
          </li>
          <li>
            Attempt to gain unauthorized access to the Service, other accounts, or our systems, or probe, scan or test
            their vulnerabilities without our written permission.
          </li>
          <li>
            Send automated requests, scrape data, or place an unreasonable load on the Service, or interfere with its
            normal operation.
          </li>
          <li>
            Reverse engineer, decompile, copy or resell any part of the Service, except as the law expressly allows.
          </li>
          <li>Upload or share malware, or content that is illegal, infringing or sexually explicit.</li>
        </ul>
        <p>
          Server administrators and group staff are responsible for how they configure GroupFlow and for the actions
          they take with it in their communities. We may investigate suspected violations and take appropriate action,
          including removing content, restricting features, or suspending or terminating accounts.
        </p>
      </>
    ),
  },
  {
    title: 'Discord and Roblox Integration',
    body: (
      <>
        <p>
          The Service depends on Discord and Roblox. By using GroupFlow you also agree to comply with the Discord Terms
          of Service and Community Guidelines and the Roblox Terms of Use and Community Standards.
        </p>
        <ul>
          <li>
            <strong>Independent service:</strong> GroupFlow is not affiliated with, endorsed by, or sponsored by Discord
            Inc. or Roblox Corporation. Discord and Roblox are trademarks of their respective owners.
          </li>
          <li>
            <strong>Permissions:</strong> when you add the bot to a server or connect a Roblox group, you authorize
            GroupFlow to perform the actions needed to provide the features you enable, such as assigning roles,
            changing nicknames or updating group ranks. You may revoke these permissions at any time by removing the bot
            or disconnecting the group, though doing so will disable the related features.
          </li>
          <li>
            <strong>Platform changes:</strong> Discord and Roblox may change or restrict their platforms, interfaces or
            policies at any time. Such changes may affect or interrupt GroupFlow features, and GroupFlow is not
            responsible for them.
          </li>
          <li>
            <strong>Platform enforcement:</strong> actions taken by Discord or Roblox against your accounts, servers or
            groups are outside our control and are governed by their own policies.
          </li>
        </ul>
      </>
    ),
  },
  {
    title: 'Service Availability',
    body: (
      <>
        <p>
          We work to keep GroupFlow reliable and available, but the Service is provided on an &quot;as is&quot; and
          &quot;as available&quot; basis. We do not guarantee that the Service will be uninterrupted, timely, secure or
          free of errors.
        </p>
        <p>The Service may be unavailable or degraded from time to time because of, for example:</p>
        <ul>
          <li>
            Scheduled maintenance, which we try to carry out at times of low usage and announce in advance where
            practical.
          </li>
          <li>Outages, rate limits or changes on Discord or Roblox.</li>
          <li>Emergency fixes, security incidents, or events beyond our reasonable control.</li>
        </ul>
        <p>
          We may apply reasonable usage limits to protect the stability of the Service for everyone. To the fullest
          extent permitted by law, GroupFlow disclaims all warranties, express or implied, including warranties of
          merchantability, fitness for a particular purpose and non-infringement.
        </p>
      </>
    ),
  },
  {
    title: 'Intellectual Property',
    body: (
      <>
        <p>
          The Service, including its software, design, text, graphics, logos and the GroupFlow name, is owned by
          GroupFlow or its licensors and is protected by intellectual property laws. Subject to these Terms, we grant
          you a limited, personal, non-exclusive, non-transferable and revocable license to use the Service for its
          intended purpose.
        </p>
        <p>
          You keep ownership of the content you submit to the Service, such as workspace notes, server settings and
          support messages. You grant GroupFlow a worldwide, non-exclusive, royalty-free license to host, store, process
          and display that content only as needed to operate, secure and improve the Service.
        </p>
        <p>
          If you send us feedback or suggestions, you allow us to use them without restriction or obligation to you. You
          may not use the GroupFlow name or logo in a way that suggests endorsement or affiliation without our prior
          written permission.
        </p>
      </>
    ),
  },
  {
    title: 'Privacy',
    body: (
      <>
        <p>
          Your privacy matters to us. Our Privacy Policy explains what information GroupFlow collects from Discord, from
          Roblox and from you directly, how we use and share it, how long we keep it, and the rights you have over it.
          The Privacy Policy forms part of these Terms.
        </p>
        <p>
          If you are a server administrator or group staff member, you will have access to information about other users
          through GroupFlow. You agree to use that information only to manage your server or group, to keep it
          confidential, and to handle it in accordance with applicable data protection law.
        </p>
      </>
    ),
  },
  {
    title: 'Limitation of Liability',
    body: (
      <>
        <p>To the fullest extent permitted by law:</p>
        <ul>
          <li>
            GroupFlow and its staff, contractors and suppliers will not be liable for any indirect, incidental, special,
            consequential or punitive damages, or for any loss of profits, revenue, data, goodwill, group members, ranks
            or in-game items, arising out of or related to your use of, or inability to use, the Service.
          </li>
          <li>
            GroupFlow is not liable for actions taken by server administrators, group staff or other users, or for the
            acts, omissions, outages or policy decisions of Discord or Roblox.
          </li>
          <li>
            Our total liability for all claims relating to the Service is limited to the greater of the amount you paid
            GroupFlow in the twelve (12) months before the event giving rise to the claim, or fifty US dollars (US$50).
          </li>
        </ul>
        <p>
          Some jurisdictions do not allow certain exclusions or limitations of liability, so some of the above may not
          apply to you. Nothing in these Terms excludes or limits liability that cannot be excluded or limited under
          applicable law.
        </p>
      </>
    ),
  },
  {
    title: 'Indemnification',
    body: (
      <>
        <p>
          To the extent permitted by law, you agree to defend, indemnify and hold harmless GroupFlow and its staff,
          contractors and suppliers from and against any claims, liabilities, damages, losses and expenses, including
          reasonable legal fees, arising out of or related to:
        </p>
        <ul>
          <li>your use or misuse of the Service;</li>
          <li>your violation of these Terms, or of the terms or policies of Discord or Roblox;</li>
          <li>
            content you submit, or actions you take through the Service, including actions taken as server or group
            staff; or
          </li>
          <li>your violation of any law or of the rights of any third party.</li>
        </ul>
        <p>
          We may take over the exclusive defense of any matter subject to indemnification by you, in which case you
          agree to cooperate with our defense.
        </p>
      </>
    ),
  },
  {
    title: 'Termination',
    body: (
      <>
        <h3>Termination by you</h3>
        <p>
          You may stop using the Service at any time. You can remove the bot from your server or disconnect your group
          whenever you like. To close your GroupFlow account and have your data deleted, submit a request through our{' '}
          <Link to="/support">support page</Link>. Paid plans remain active until the end of the current billing period
          unless applicable law or the terms of your plan provide otherwise.
        </p>
        <h3>Termination by GroupFlow</h3>
        <p>We may suspend or terminate your access to all or part of the Service, including for:</p>
        <ul>
          <li>violations of these Terms or of the rules of Discord or Roblox;</li>
          <li>fraud, abuse, or activity that creates risk or legal exposure for GroupFlow or other users;</li>
          <li>non-payment of fees owed for a paid plan; or</li>
          <li>a long period of inactivity on an account, server connection or workspace.</li>
        </ul>
        <p>
          Where reasonable, and unless doing so would create a security or legal risk, we will notify you in advance and
          give you an opportunity to resolve the issue, particularly in cases of non-payment or inactivity. If you
          believe we suspended or terminated your account in error, you may appeal through our support page.
        </p>
        <h3>Effect of termination</h3>
        <p>
          On termination, your right to use the Service ends immediately, and we will delete or anonymize your data in
          accordance with our Privacy Policy. Sections of these Terms that by their nature should survive termination,
          including intellectual property, limitation of liability, indemnification and dispute resolution, will
          survive.
        </p>
      </>
    ),
  },
  {
    title: 'Dispute Resolution',
    body: (
      <>
        <p>
          <strong>Informal negotiation first.</strong> If you have a dispute with GroupFlow, you agree to contact us
          first at <a href="mailto:legal@groupflow.app">legal@groupflow.app</a> with a description of the dispute and
          the relief you are seeking. Both parties will try in good faith to resolve the dispute informally for at least
          thirty (30) days before starting any formal proceeding.
        </p>
        <p>
          <strong>Binding arbitration.</strong> If the dispute is not resolved through negotiation, it will be resolved
          by final and binding arbitration before a single neutral arbitrator, rather than in court, except as set out
          below. The arbitrator&apos;s decision may be entered as a judgment in any court of competent jurisdiction.
        </p>
        <ul>
          <li>
            <strong>Individual claims:</strong> to the extent permitted by law, disputes will be resolved on an
            individual basis, and not as part of a class, consolidated or representative action.
          </li>
          <li>
            <strong>Exceptions:</strong> either party may bring an individual claim in small-claims court, and either
            party may seek urgent injunctive relief in court to protect its intellectual property or to prevent
            unauthorized access to the Service.
          </li>
          <li>
            <strong>Consumer rights:</strong> nothing in this section removes any right you have under the mandatory
            consumer protection laws of the country where you live.
          </li>
        </ul>
      </>
    ),
  },
  {
    title: 'Changes to Terms',
    body: (
      <>
        <p>
          We may update these Terms from time to time, for example to reflect changes in the Service or in the law. When
          we do, we will update the &quot;Effective date&quot; at the top of this page.
        </p>
        <p>
          If a change is material, we will give reasonable notice before it takes effect, such as an announcement on our
          website or in the dashboard. Your continued use of the Service after the updated Terms take effect means that
          you accept them. If you do not agree to the updated Terms, you must stop using the Service and may close your
          account as described in the Termination section.
        </p>
      </>
    ),
  },
  {
    title: 'Severability',
    body: (
      <>
        <p>
          If any provision of these Terms is found to be invalid, illegal or unenforceable, that provision will be
          enforced to the maximum extent permissible or limited to the minimum extent necessary, and the remaining
          provisions will continue in full force and effect.
        </p>
        <p>
          Our failure to enforce any right or provision of these Terms is not a waiver of that right or provision. These
          Terms, together with our Privacy Policy and any terms of a paid plan you purchase, are the entire agreement
          between you and GroupFlow regarding the Service. You may not assign these Terms without our consent; we may
          assign them in connection with a merger, acquisition or sale of assets.
        </p>
      </>
    ),
  },
  {
    title: 'Contact',
    body: (
      <>
        <p>If you have questions about these Terms or need help with the Service, please contact us:</p>
        <ul>
          <li>
            <strong>Support:</strong> visit our <Link to="/support">support page</Link> to open a request with the
            GroupFlow support team.
          </li>
          <li>
            <strong>Legal enquiries:</strong> email <a href="mailto:legal@groupflow.app">legal@groupflow.app</a> for
            legal notices, disputes and questions about these Terms.
          </li>
        </ul>
        <p>
          Please include your Discord username and, where relevant, the server or group your message concerns, so that
          we can help you quickly.
        </p>
      </>
    ),
  },
];

export default function TermsOfService() {
  return (
    <main className="page">
      <div className="container legal-page">
        <div className="legal-back">
          <Link to="/" className="btn btn-outline">
            Back to Home
          </Link>
        </div>

        <header className="legal-header">
          <h1>Terms of Service</h1>
          <p className="legal-meta">Effective date: July 14, 2025</p>
        </header>

        <p className="legal-intro">
          Please read these Terms of Service carefully. They explain the rules for using GroupFlow, your rights and
          responsibilities, and important limits on GroupFlow&apos;s liability, including how disputes are resolved
          through negotiation and binding arbitration.
        </p>

        {sections.map(({ title, body }, index) => {
          const headingId = `terms-section-${index + 1}`;
          return (
            <section key={headingId} className="legal-section" aria-labelledby={headingId}>
              <h2 id={headingId}>{`${index + 1}. ${title}`}</h2>
              {body}
            </section>
          );
        })}
      </div>
    </main>
  );
}
